import Glibc

/// A file found by its path, with every symbolic link resolved, and what identifies this version of it.
struct ResolvedFile: Hashable {
    /// The path it was found by.
    let path: String
    /// The path with no symbolic link, `.` or `..` left in it.
    let realPath: String
    let isDirectory: Bool
    /// Device, inode, size and modification time, which change when the file is replaced or rewritten.
    let version: Version

    struct Version: Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int
    }

    /// The file at `path`, or nil when nothing is there (a dangling link included).
    static func resolve(_ path: String) -> ResolvedFile? {
        guard let realPath = realPath(path) else { return nil }
        var status = stat()
        guard stat(realPath, &status) == 0 else { return nil }
        let version = Version(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modifiedSeconds: Int(status.st_mtim.tv_sec), modifiedNanoseconds: Int(status.st_mtim.tv_nsec))
        return ResolvedFile(path: path, realPath: realPath, isDirectory: status.st_mode & S_IFMT == S_IFDIR, version: version)
    }

    /// `realpath(3)` of `path`, or nil when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when `realPath` lies inside one of `folders`, themselves real paths.
    func isInside(_ folders: [String]) -> Bool {
        folders.contains { folder in realPath.hasPrefix(folder == "/" ? "/" : folder + "/") }
    }
}
