public import AnnouncerFlows
public import AnnouncerWeb

/// Orca as `web check`'s reader in the loop.
extension OrcaDesktop: ReaderInTheLoop {
    public var reader: RealReader { .orca }

    public func settle() {
        // Orca queues its speech: a key pressed while it still speaks would time the wait as well.
        speech.waitUntilIdle(longest: .seconds(10))
    }

    public func press(_ chord: KeyChord) throws(WebError) -> UInt64 {
        do { return try pressKeys(chord) } catch { throw .screenReader(error.description) }
    }


    public func type(_ text: String) throws(WebError) -> UInt64 {
        do { return try typeText(text) } catch { throw .screenReader(error.description) }
    }

    public func said(since keySent: UInt64, expecting: Int) -> [ReaderUtterance] {
        speech.waitUntilQuiet(since: keySent, quiet: .milliseconds(300), longest: .seconds(5), expecting: expecting).map { utterance in
            ReaderUtterance(text: utterance.text, keySent: keySent, received: utterance.received, firstAudio: utterance.firstAudio, outcome: utterance.outcome)
        }
    }
}
