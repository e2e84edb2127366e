import Ducking
import Foundation
import Testing

/// The state file that outlives a killed ducker.
struct DuckedStreamsFileTests {
    @Test("The streams written are the streams read back, and none removes the file")
    func roundTrip() throws {
        let folder = NSTemporaryDirectory() + "duck-\(UUID().uuidString.prefix(8))"
        DuckedStreamsFile.makeFolder(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = DuckedStreamsFile(folder: folder, server: "unix:/run/user/1000/pulse/native")
        let streams = [
            DuckedStream(index: 3, original: ChannelVolumes([65_536]), lowered: ChannelVolumes([41_350])),
            DuckedStream(index: 12, original: ChannelVolumes([30_000, 31_000]), lowered: ChannelVolumes([18_929, 19_560])),
            DuckedStream(index: 14, original: ChannelVolumes([65_536]), lowered: ChannelVolumes([41_350]),
                         rememberedAs: "sink-input-by-application-name:Spotify Free"),
        ]
        file.save(streams)
        #expect(file.load() == streams)
        file.save([])
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(file.load().isEmpty)
    }

    @Test("Two sound servers keep two files")
    func oneFilePerServer() {
        let first = DuckedStreamsFile(folder: "/tmp", server: "unix:/a/pulse/native")
        let second = DuckedStreamsFile(folder: "/tmp", server: "unix:/b/pulse/native")
        #expect(first.path != second.path)
    }
}
