/// Reads Emacspeak's speech-server commands as Tcl does: lines gathered until the braces balance,
/// then split into words, with braces quoting literally and backslashes escaping outside them.
///
/// Emacspeak's reference servers are Tcl scripts reading their input as Tcl commands, so this follows
/// Tcl's rules as far as Emacspeak and Fenrir use them: `{...}` is one word, taken as written (nested
/// braces kept; `\{` and `\}` do not count and keep their backslash); `"..."` is one word with
/// backslash escapes read; a bare word reads its escapes too; an empty `{}` is an empty word. Nothing
/// is substituted: `$name` and `[command]` stay as they were written, as text to speak.
public struct TclCommandReader: Sendable {
    /// A command longer than this is dropped with a problem rather than gathered without end.
    public static let maxCommandBytes = 1 << 20

    /// The lines of a command whose braces are still open, newlines between them.
    private var pending = ""
    /// How far `pending` has been scanned for braces, so each line is scanned once and a long command
    /// is read in linear time: scanning the whole of it again for each line was quadratic (50,000
    /// short lines after a `{` took 40 s).
    private var scan = BraceScan()
    /// True once a command outgrew the limit: the rest of it is skipped, unkept, up to where its
    /// braces close, so its lines are never taken for commands of their own.
    private var skipping = false

    public init() {}

    /// True while a command's braces are still open, so the next line continues it.
    public var isInsideCommand: Bool { !pending.isEmpty || skipping }

    /// What one line of input made.
    public enum Result: Sendable, Equatable {
        /// A whole command's words; an empty line gives none.
        case command([String])
        /// The line continues a command whose braces are still open.
        case incomplete
        /// The command could not be read; one sentence says why.
        case problem(String)
    }

    /// Takes one line of input, without its newline.
    public mutating func take(_ line: Substring) -> Result {
        // The newline between two lines of a command is part of it: a backslash at the end of a line escapes it.
        if isInsideCommand { scan.read(CollectionOfOne("\n")) }
        scan.read(line.unicodeScalars)
        let closed = scan.depth == 0
        if closed { scan = BraceScan() }
        if skipping {
            skipping = !closed
            return .incomplete
        }
        let continuing = !pending.isEmpty
        guard pending.utf8.count + (continuing ? 1 : 0) + line.utf8.count <= Self.maxCommandBytes else {
            pending = ""
            skipping = !closed
            return .problem(closed
                ? "A command over \(Self.maxCommandBytes / 1024) KB long was skipped."
                : "A command over \(Self.maxCommandBytes / 1024) KB long, its braces still open, was skipped, up to where they close.")
        }
        if continuing { pending += "\n" }
        pending += line
        guard closed else { return .incomplete }
        let text = pending
        pending = ""
        return Self.words(of: text)
    }

    /// What is left at the end of the input: a command whose braces never closed, said in one sentence
    /// rather than lost without a word; nil when nothing is left.
    public mutating func finish() -> Result? {
        defer { pending = ""; scan = BraceScan(); skipping = false }
        guard !pending.isEmpty else { return nil }
        return .problem("The input ended inside a command whose braces never closed, so that command was skipped.")
    }

    /// Braces opened and not yet closed, outside double quotes (an escaped brace does not count),
    /// carried from one line to the next.
    struct BraceScan: Sendable {
        private(set) var depth = 0
        private var escaped = false
        private var quoted = false

        mutating func read(_ scalars: some Sequence<Unicode.Scalar>) {
            for scalar in scalars {
                if escaped { escaped = false; continue }
                switch scalar {
                case "\\": escaped = true
                case "\"" where depth == 0: quoted.toggle()
                case "{" where !quoted: depth += 1
                case "}" where !quoted && depth > 0: depth -= 1
                default: break
                }
            }
        }
    }

    /// The words of a whole command.
    static func words(of text: String) -> Result {
        var words: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }
        while index < scalars.count {
            while index < scalars.count, isSpace(scalars[index]) { index += 1 }
            guard index < scalars.count else { break }
            var word = String.UnicodeScalarView()
            switch scalars[index] {
            case "{":
                var depth = 1
                index += 1
                while index < scalars.count {
                    let scalar = scalars[index]
                    if scalar == "\\", index + 1 < scalars.count {
                        // Inside braces a backslash stays, and the character after it is not a brace that counts.
                        word.append(scalar)
                        word.append(scalars[index + 1])
                        index += 2
                        continue
                    }
                    if scalar == "{" { depth += 1 }
                    if scalar == "}" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    word.append(scalar)
                    index += 1
                }
                guard index < scalars.count else { return .problem("A brace was never closed.") }
                index += 1
            case "\"":
                index += 1
                var closed = false
                while index < scalars.count {
                    let scalar = scalars[index]
                    if scalar == "\\", index + 1 < scalars.count {
                        word.append(unescaped(scalars[index + 1]))
                        index += 2
                        continue
                    }
                    if scalar == "\"" { closed = true; index += 1; break }
                    word.append(scalar)
                    index += 1
                }
                guard closed else { return .problem("A double quote was never closed.") }
            default:
                while index < scalars.count, !isSpace(scalars[index]) {
                    let scalar = scalars[index]
                    if scalar == "\\", index + 1 < scalars.count {
                        word.append(unescaped(scalars[index + 1]))
                        index += 2
                        continue
                    }
                    word.append(scalar)
                    index += 1
                }
            }
            words.append(String(word))
        }
        return .command(words)
    }

    /// The character a backslash escape stands for: `\n` and `\t` as in Tcl, any other as itself.
    private static func unescaped(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "n": "\n"
        case "t": "\t"
        case "r": "\r"
        default: scalar
        }
    }
}
