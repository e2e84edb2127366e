import Foundation
import NIOCore
import NIOPosix

/// Owns a socket path for the server's lifetime: makes its directory private, takes a lock,
/// replaces a socket file left by a crashed server, and never displaces a live one.
final class SocketFileGuard: Sendable {
    let path: String
    /// True when an old socket file was found and removed: the server before this one did not stop cleanly.
    let replacedStaleSocket: Bool
    private let lockDescriptor: CInt

    /// Claims `path`. `privateDirectory` is created with mode 0700 (or checked to have it) when given.
    /// `probeGroup` gives the event loop that asks a socket file found at `path` whether a server still answers.
    init(path: String, privateDirectory: String?, probeGroup: () -> any EventLoopGroup) throws(ServerStartError) {
        guard path.utf8.count < 108 else { throw .pathTooLong(path: path) }
        self.path = path
        if let privateDirectory { try Self.preparePrivateDirectory(privateDirectory) }

        let lockPath = path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotPrepare(path: lockPath, reason: Self.errnoText()) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .alreadyRunning(path: path)
        }
        lockDescriptor = descriptor

        do throws(ServerStartError) {
            replacedStaleSocket = try Self.removeStaleSocket(at: path, probeGroup: probeGroup)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Makes the socket readable and writable by its owner only; called right after binding.
    func restrictSocketToOwner() throws(ServerStartError) {
        guard chmod(path, 0o600) == 0 else { throw .cannotPrepare(path: path, reason: Self.errnoText()) }
    }

    /// Removes the socket file and gives up the lock.
    func release() {
        unlink(path)
        unlink(path + ".lock")
        close(lockDescriptor)
    }

    // MARK: - Steps

    private static func preparePrivateDirectory(_ directory: String) throws(ServerStartError) {
        var info = stat()
        if stat(directory, &info) != 0 {
            guard errno == ENOENT else { throw .cannotPrepare(path: directory, reason: errnoText()) }
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotPrepare(path: directory, reason: "the directory could not be created")
            }
            guard stat(directory, &info) == 0 else { throw .cannotPrepare(path: directory, reason: errnoText()) }
        }
        guard info.st_uid == geteuid() else { throw .directoryNotOwned(directory: directory) }
        let mode = UInt32(info.st_mode) & 0o777
        if mode & 0o077 != 0 {
            // Ours, but open to others: close it rather than refuse, as the directory exists only for this socket.
            guard chmod(directory, 0o700) == 0 else { throw .directoryNotPrivate(directory: directory, mode: mode) }
        }
    }

    private static func removeStaleSocket(at path: String, probeGroup: () -> any EventLoopGroup) throws(ServerStartError) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFSOCK) else { throw .notASocket(path: path) }
        // A server that holds no lock but still answers (another version, say) is never displaced.
        let probe = ClientBootstrap(group: probeGroup()).connect(unixDomainSocketPath: path)
        if let channel = try? probe.wait() {
            try? channel.close().wait()
            throw .alreadyRunning(path: path)
        }
        guard unlink(path) == 0 else { throw .cannotPrepare(path: path, reason: errnoText()) }
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
