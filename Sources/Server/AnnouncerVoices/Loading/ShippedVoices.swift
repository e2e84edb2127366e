import Foundation

/// Where the profiles that ship with announcer are: beside an installed binary, or in the source tree it was built from.
enum ShippedVoices {
    /// The first candidate directory that holds a profile file.
    static func directory(environment: [String: String]) -> String? {
        candidates(environment: environment).first { !VoiceLibrary.profileFiles(in: $0).isEmpty }
    }

    /// `$ANNOUNCER_SHIPPED_VOICES` when set; else `<prefix>/share/announcer/voices` beside the executable,
    /// then `Voices/` of the source tree this module was compiled from.
    static func candidates(environment: [String: String]) -> [String] {
        if let chosen = environment["ANNOUNCER_SHIPPED_VOICES"], !chosen.isEmpty { return [chosen] }
        var found: [String] = []
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        let executable = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/announcer/voices").path
        found.append(installed)
        // This file is Sources/Server/AnnouncerVoices/Loading/ShippedVoices.swift in the source tree.
        let tree = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Voices").path
        found.append(tree)
        return found
    }
}
