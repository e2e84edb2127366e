import AnnouncerCommandLine
import Testing

/// How a line longer than the server's text limit is split so that it is spoken, not refused.
@Suite struct SpeakablePiecesTests {
    /// Should leave a text that fits as it is.
    @Test func textWithinTheLimitIsOnePiece() {
        #expect(SpeakablePieces.split("cc -O2 -c main.c", limit: 100) == ["cc -O2 -c main.c"])
    }

    /// Should split at spaces, each piece within the limit, and lose no word.
    @Test func longTextIsSplitAtSpacesWithinTheLimit() {
        let words = (1...400).map { "-Iinclude/module\($0)" }
        let pieces = SpeakablePieces.split(words.joined(separator: " "), limit: 1_024)
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { $0.utf8.count <= 1_024 })
        #expect(pieces.flatMap { $0.split(separator: " ").map(String.init) } == words)
    }

    /// Should cut a single word longer than the limit between characters, never inside one.
    @Test func overlongWordIsCutBetweenCharacters() {
        let word = String(repeating: "ø", count: 30)  // 60 bytes
        let pieces = SpeakablePieces.split(word, limit: 25)
        #expect(pieces.allSatisfy { $0.utf8.count <= 25 })
        #expect(pieces.joined() == word)
    }
}
