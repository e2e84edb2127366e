import Ducking
import Testing

/// What the ducker decides, with streams as a sound server would report them.
struct DuckerTests {
    let full = ChannelVolumes([65_536, 65_536])
    let announcerd: Int32 = 4_000

    func music(_ index: UInt32 = 7, volume: ChannelVolumes? = nil) -> PlaybackStream {
        PlaybackStream(index: index, volume: volume ?? full, processID: 5_000)
    }

    @Test("Speech lowers every other stream by the set decibels and leaves announcer's own alone")
    func duckLowersOthers() {
        var ducker = Ducker(decibels: 12, exemptProcessIDs: [announcerd])
        _ = ducker.reported(music(), serial: 1)
        _ = ducker.reported(PlaybackStream(index: 9, volume: full, processID: announcerd), serial: 2)
        let changes = ducker.duck()
        #expect(changes.map(\.index) == [7])
        // 12 dB of amplitude is a factor of 10^(-12/20); the volume scale is its cube root: 10^(-12/60).
        let expected = UInt32((65_536 * 0.630957).rounded())
        #expect(changes.first?.volume.values.allSatisfy { abs(Int($0) - Int(expected)) <= 1 } == true)
    }

    @Test("The end of the hold gives each stream its own volume back")
    func restoreGivesVolumesBack() {
        var ducker = Ducker(decibels: 12, exemptProcessIDs: [announcerd])
        let quiet = ChannelVolumes([30_000, 40_000])
        _ = ducker.reported(music(volume: quiet), serial: 1)
        _ = ducker.duck()
        #expect(ducker.restore() == [VolumeChange(index: 7, volume: quiet)])
        #expect(ducker.ducked.isEmpty)
        #expect(!ducker.isDucking)
    }

    @Test("A stream that appears while ducked is lowered too, and one that appears after is not")
    func newStreamsWhileDucked() {
        var ducker = Ducker(decibels: 12, exemptProcessIDs: [announcerd])
        _ = ducker.duck()
        #expect(ducker.reported(music(3), serial: 1).map(\.index) == [3])
        _ = ducker.restore()
        #expect(ducker.reported(music(4), serial: 2).isEmpty)
    }

    @Test("A stream whose user changes its volume while ducked keeps the user's volume")
    func usersChangeIsKept() {
        var ducker = Ducker(decibels: 12, exemptProcessIDs: [announcerd])
        _ = ducker.reported(music(), serial: 1)
        let lowered = ducker.duck()[0]
        ducker.sent(lowered, serial: 2)
        // The server's echo of the ducker's own change is not the user's.
        _ = ducker.reported(music(volume: lowered.volume), serial: 3)
        #expect(ducker.ducked[7] != nil)
        _ = ducker.reported(music(volume: ChannelVolumes([20_000, 20_000])), serial: 4)
        #expect(ducker.ducked[7] == nil)
        #expect(ducker.restore().isEmpty)
    }

    @Test("A report read before the ducker's own change reached the server is not taken for the user's")
    func staleReportIsIgnored() {
        var ducker = Ducker(decibels: 12, exemptProcessIDs: [announcerd])
        _ = ducker.reported(music(), serial: 1)
        let lowered = ducker.duck()[0]
        ducker.sent(lowered, serial: 5)
        _ = ducker.reported(music(), serial: 4)
        #expect(ducker.restore() == [VolumeChange(index: 7, volume: full)])
    }

    @Test("A stream that goes away while ducked is forgotten and not given a volume, but what it remembers is handed back")
    func vanishedStreamIsForgotten() {
        var ducker = Ducker(decibels: 12, exemptProcessIDs: [announcerd])
        var stream = music()
        stream.rememberedAs = "sink-input-by-application-name:Music"
        _ = ducker.reported(stream, serial: 1)
        _ = ducker.duck()
        let lowered = ducker.vanished(index: 7)
        #expect(lowered == DuckedStream(index: 7, original: full, lowered: full.lowered(byDecibels: 12), rememberedAs: "sink-input-by-application-name:Music", wasMuted: false))
        #expect(ducker.vanished(index: 7) == nil)
        #expect(ducker.restore().isEmpty)
    }

    @Test("What a killed ducker left lowered gets its volume back, unless its user changed it since")
    func recoveryFromStateFile() {
        var ducker = Ducker(decibels: 12, exemptProcessIDs: [announcerd])
        let lowered = full.lowered(byDecibels: 12)
        _ = ducker.reported(music(7, volume: lowered), serial: 1)
        _ = ducker.reported(music(8, volume: ChannelVolumes([10_000, 10_000])), serial: 2)
        let left = [
            DuckedStream(index: 7, original: full, lowered: lowered),
            DuckedStream(index: 8, original: full, lowered: lowered),
            DuckedStream(index: 9, original: full, lowered: lowered),
        ]
        #expect(ducker.recovering(left) == [VolumeChange(index: 7, volume: full)])
        // Stream 9 ended since, but with no remembered name there is nothing to give back.
        #expect(ducker.ended(left).isEmpty)
        let remembered = DuckedStream(index: 9, original: full, lowered: lowered, rememberedAs: "sink-input-by-media-role:music")
        #expect(ducker.ended(left + [remembered, DuckedStream(index: 7, original: full, lowered: lowered, rememberedAs: "x")]) == [remembered])
        // Ducked again at once, it is lowered from its own volume, not from the one left behind.
        let again = ducker.duck()
        #expect(again.first { $0.index == 7 }?.volume == lowered)
    }
}
