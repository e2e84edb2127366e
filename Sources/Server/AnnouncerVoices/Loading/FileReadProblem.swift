import Foundation

/// Why a file could not be read, in words that say what is wrong: not found, not readable, a folder,
/// or not UTF-8 text.
enum FileReadProblem {
    static func sentence(_ path: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return "The file was not found; check its name and folder."
        }
        if isFolder.boolValue { return "It is a folder, not a file." }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return "The file could not be read: you have no permission to read it."
        }
        return "The file could not be read as UTF-8 text."
    }
}
