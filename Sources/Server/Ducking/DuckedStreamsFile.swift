import Glibc

/// The streams a ducker has lowered, kept in a file while they are, so that a ducker killed before it
/// gave their volumes back (SIGKILL, a crash) leaves the next one what it needs to give them back.
///
/// One file for each sound server, named after its address, in announcer's runtime folder. One line a
/// stream: its index, its own volume and the lowered one, each channel's value parted by commas, and
/// last, when there is one, the name the server remembers its volume under (which may hold spaces).
public struct DuckedStreamsFile: Sendable {
    public let path: String

    /// The file for the sound server at `server` in `folder`.
    public init(folder: String, server: String) {
        // FNV-1a of the address: a short name that differs between servers on one machine.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in server.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        path = "\(folder)/ducked-\(String(hash, radix: 16))"
    }

    /// Writes `streams`, or removes the file when there are none. The file is replaced whole by a
    /// rename, so a ducker killed while it writes leaves the old list or the new one.
    public func save(_ streams: [DuckedStream]) {
        guard !streams.isEmpty else {
            unlink(path)
            return
        }
        let text = streams.sorted { $0.index < $1.index }.map { stream in
            "\(stream.index) \(stream.original) \(stream.lowered)" + (stream.rememberedAs.map { " " + $0 } ?? "") + "\n"
        }.joined()
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let written = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written == text.utf8.count { rename(temporary, path) } else { unlink(temporary) }
    }

    /// The streams the file names; none when there is no file. Lines that cannot be read are skipped.
    public func load() -> [DuckedStream] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, let index = UInt32(fields[0]),
                  let original = ChannelVolumes(fields[1]), let lowered = ChannelVolumes(fields[2]) else { return nil }
            let remembered = fields.count == 4 && !fields[3].isEmpty ? String(fields[3]) : nil
            return DuckedStream(index: index, original: original, lowered: lowered, rememberedAs: remembered)
        }
    }

    /// Creates `folder` (and its parent) for this user alone when it is missing.
    public static func makeFolder(_ folder: String) {
        if let slash = folder.lastIndex(of: "/"), slash != folder.startIndex { mkdir(String(folder[..<slash]), 0o700) }
        mkdir(folder, 0o700)
    }
}
