import AnnouncerCore

/// Collects a script's parts in the order the reader meets them. Text in one style is gathered into
/// one run, its whitespace collapsed to single spaces; pauses in a row become one; the pause at the
/// end of a sentence or paragraph is left out at the end of the script or of a sound's fallback.
struct SpeechScriptBuilder {
    /// The parts of the script, or of the fallback of a sound being read.
    fileprivate struct Level {
        var parts: [SpeechPart] = []
        /// Text not yet made a part, as written, and its style.
        var text = ""
        var textStyle = SpeechStyle.plain
        /// The last part is a pause that ends a sentence or paragraph, which a `break` replaces.
        var endsWithBoundaryPause = false
        /// The positions of pauses that end a sentence or paragraph with nothing but marks after them.
        var trailingBoundaryPauses: [Int] = []
        /// The sound this level is the fallback of; nil for the script itself.
        let soundName: String?
        /// The style of the text around the sound, for its name when it has no fallback of its own.
        var soundStyle = SpeechStyle.plain
    }

    private var levels = [Level(soundName: nil)]
    /// Every part made so far, fallbacks' included; merges do not count.
    private(set) var partCount = 0

    /// Adds text in `style`. Text of only whitespace separates words in the run before it, whatever
    /// its own style; after a spelled run it ends the run instead, where a space would be spelled too.
    mutating func text(_ text: String, style: SpeechStyle) {
        if text.isBlank {
            guard !top.text.isEmpty else { return }
            if top.textStyle.reading == .words { top.text += " " } else { flushText() }
            return
        }
        if !top.text.isEmpty, top.textStyle != style { flushText() }
        if top.text.isEmpty { top.textStyle = style }
        top.text += text
    }

    /// Ends the run of text, so that what follows is a part of its own (at the start of a sentence).
    mutating func breakText() { flushText() }

    /// Adds an index mark, unless it is inside a sound's fallback, where marks are dropped.
    mutating func mark(_ name: String) {
        flushText()
        guard top.soundName == nil else { return }
        append(.mark(name), content: false)
    }

    /// Adds a pause from a `break`: after another it lengthens that one, up to `SSMLPauses.longest`;
    /// right after a sentence or paragraph it stands instead of that one's pause, so a `break` of
    /// strength `none` there takes the pause away. A pause of zero adds nothing.
    mutating func pause(_ duration: Duration) {
        if top.text.isEmpty, top.endsWithBoundaryPause {
            top.parts.removeLast()
            _ = top.trailingBoundaryPauses.popLast()
            top.endsWithBoundaryPause = false
        }
        guard duration > .zero else { return }
        flushText()
        if case let .pause(last)? = top.parts.last {
            top.parts[top.parts.count - 1] = .pause(min(last + duration, SSMLPauses.longest))
            top.trailingBoundaryPauses = []
        } else {
            append(.pause(min(duration, SSMLPauses.longest)), content: true)
        }
    }

    /// Adds the pause at the end of a sentence or paragraph. Nothing before it in the level, no pause;
    /// after another pause, the longer of the two.
    mutating func boundary(_ duration: Duration) {
        flushText()
        guard !top.parts.isEmpty else { return }
        if case let .pause(last)? = top.parts.last {
            top.parts[top.parts.count - 1] = .pause(max(last, duration))
            return
        }
        append(.pause(duration), content: false)
        top.trailingBoundaryPauses.append(top.parts.count - 1)
        top.endsWithBoundaryPause = true
    }

    /// Adds a tone.
    mutating func tone(hertz: Int, duration: Duration) {
        flushText()
        append(.tone(hertz: hertz, duration: duration), content: true)
    }

    /// Begins a sound: what follows, up to `endSound`, is its fallback.
    mutating func beginSound(named name: String, style: SpeechStyle) {
        flushText()
        levels.append(Level(soundName: name, soundStyle: style))
    }

    /// Ends the sound begun last and adds it with its fallback.
    mutating func endSound() {
        guard levels.count > 1 else { return }
        flushText()
        let level = levels.removeLast()
        let name = level.soundName ?? ""
        var fallback = level.finishedParts
        // With no words of its own, a sound that cannot be played is spoken as its name, as SSIP's
        // SOUND_ICON is: an announcement is never silent because a sound file is missing.
        if !fallback.contains(where: { if case .text = $0 { true } else { false } }) {
            fallback = [.text(Self.words(naming: name), level.soundStyle)]
        }
        append(.sound(name: name, fallback: fallback), content: true)
    }

    /// A sound's name as words: the last part of a path or URL, without `.wav`, with `_` and `-` as
    /// spaces, control characters as spaces, and its spaces collapsed, as every text part's are.
    static func words(naming source: String) -> String {
        var name = Substring(source)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.lowercased().hasSuffix(".wav") { name = name.dropLast(4) }
        // By Unicode scalar: a combining mark after a space would join it into one Character.
        var words = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in name.unicodeScalars {
            if scalar == "_" || scalar == "-" || scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !words.isEmpty
                continue
            }
            if pendingSpace { words.append(" ") }
            pendingSpace = false
            words.append(scalar)
        }
        return words.isEmpty ? "sound" : String(words)
    }

    /// The script's parts; sounds still open are ended first.
    mutating func finish() -> [SpeechPart] {
        while levels.count > 1 { endSound() }
        flushText()
        return levels[0].finishedParts
    }

    private var top: Level {
        get { levels[levels.count - 1] }
        _modify { yield &levels[levels.count - 1] }
    }

    /// Adds `part`; `content` is whether it is something heard, after which an earlier sentence's
    /// pause is no longer at the end.
    private mutating func append(_ part: SpeechPart, content: Bool) {
        top.parts.append(part)
        top.endsWithBoundaryPause = false
        if content { top.trailingBoundaryPauses = [] }
        partCount += 1
    }

    private mutating func flushText() {
        guard !top.text.isEmpty else { return }
        let text = top.text.collapsingWhitespace
        top.text = ""
        if !text.isEmpty { append(.text(text, top.textStyle), content: true) }
    }
}

private extension SpeechScriptBuilder.Level {
    /// The parts without the pauses of sentences and paragraphs that nothing heard follows.
    var finishedParts: [SpeechPart] {
        var parts = parts
        for position in trailingBoundaryPauses.reversed() { parts.remove(at: position) }
        return parts
    }
}
