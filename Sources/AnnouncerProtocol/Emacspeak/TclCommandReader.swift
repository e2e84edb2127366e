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

    private var pending = ""

    public init() {}

    /// True while a command's braces are still open, so the next line continues it.
    public var isInsideCommand: Bool { !pending.isEmpty }

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
        let text = pending.isEmpty ? String(line) : pending + "\n" + line
        guard text.utf8.count <= Self.maxCommandBytes else {
            pending = ""
            return .problem("A command over \(Self.maxCommandBytes / 1024) KB long, its braces never closed, was skipped.")
        }
        if Self.openBraces(in: text) > 0 {
            pending = text
            return .incomplete
        }
        pending = ""
        return Self.words(of: text)
    }

    /// Braces opened and not yet closed, outside double quotes; an escaped brace does not count.
    static func openBraces(in text: String) -> Int {
        var depth = 0
        var escaped = false
        var quoted = false
        for scalar in text.unicodeScalars {
            if escaped { escaped = false; continue }
            switch scalar {
            case "\\": escaped = true
            case "\"" where depth == 0: quoted.toggle()
            case "{" where !quoted: depth += 1
            case "}" where !quoted && depth > 0: depth -= 1
            default: break
            }
        }
        return depth
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
