import Testing
@testable import AnnouncerEngine

/// eSpeak NG's closure before a stop consonant is digital silence at an utterance's start: it is not written.
@Suite struct LeadingSilenceTests {
    @Test("An utterance's first chunk starts at its first sound, with the zero it rises from")
    func leadingZerosAreDropped() {
        #expect(PlaybackThread.withoutLeadingSilence([0, 0, 0, 5, 0, -3], keeping: 2) == [0, 5, 0, -3])
        #expect(PlaybackThread.withoutLeadingSilence([0, 5], keeping: 2) == [0, 5])
    }

    @Test("A chunk that starts with sound is written whole")
    func soundAtOnceIsKept() {
        #expect(PlaybackThread.withoutLeadingSilence([7, 0, 0], keeping: 2) == [7, 0, 0])
    }

    @Test("A chunk of only silence keeps its last samples, so the utterance still has a first audio")
    func allSilenceKeepsItsEnd() {
        #expect(PlaybackThread.withoutLeadingSilence([0, 0, 0, 0], keeping: 2) == [0, 0])
        #expect(PlaybackThread.withoutLeadingSilence([0, 0], keeping: 0) == [0])
    }
}
