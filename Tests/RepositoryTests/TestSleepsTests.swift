import Foundation
import TestSupport
import Testing

/// The tests wait for what they can be told about: every sleep left in a Swift file under Tests/ has,
/// on the line directly above it, a comment that begins `// Not a wait:` and says why it is none.
@Suite struct TestSleepsTests {
    /// What the comment directly above a sleep begins with.
    static let marker = "// Not a wait:"


    /// What a line begins inside: code, a `/* … */` comment or a multi-line string literal.
    enum Context { case code, blockComment, multilineString }

    /// The line numbers, from 1, of the sleeps in `source` with no marker directly above them. Comments,
    /// string literals and regex literals are not code, and a function declared with the name sleep is not a call.
    static func unmarkedSleeps(in source: String) -> [Int] {
        // Most files name no sleep at all.
        guard source.utf8.contains(Array("sleep".utf8)) else { return [] }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        // A call of `sleep`, `usleep`, `nanosleep`, `Thread.sleep` or `Task.sleep`, and a clock's `sleep`;
        // simple word boundaries, so that `Thread.sleep` is two words.
        let call = #/\b(?:u|nano)?sleep\s*\(/#.wordBoundaryKind(.simple)
        let declaration = #/\bfunc\s+(?:u|nano)?sleep\b/#.wordBoundaryKind(.simple)
        var unmarked: [Int] = []
        var context = Context.code
        for (index, line) in lines.enumerated() {
            // Most lines hold no sleep and open or close nothing that runs on to the next line.
            guard line.contains("sleep") || line.contains("\"\"\"") || line.contains("/*") || line.contains("*/") else { continue }
            let code = Self.code(of: line, context: &context)
            guard code.contains(call), !code.contains(declaration) else { continue }
            let above = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            if !above.hasPrefix(marker) { unmarked.append(index + 1) }
        }
        return unmarked
    }

    /// `line` with its literals emptied and its comments taken out; `context` carries a block comment or a
    /// multi-line string from one line to the next.
    static func code(of line: Substring, context: inout Context) -> String {
        let characters = Array(line)
        func starts(_ text: String, at index: Int) -> Bool {
            let wanted = Array(text)
            return index + wanted.count <= characters.count && Array(characters[index..<index + wanted.count]) == wanted
        }
        var code = ""
        var index = 0
        while index < characters.count {
            switch context {
            case .blockComment, .multilineString:
                let end = context == .blockComment ? "*/" : "\"\"\""
                while index < characters.count, !starts(end, at: index) { index += 1 }
                guard index < characters.count else { return code }
                index += end.count
                context = .code
            case .code:
                // Raw strings' and regex literals' leading #s.
                var hashes = 0
                while starts("#", at: index + hashes) { hashes += 1 }
                if starts("//", at: index) { return code }
                if starts("/*", at: index) {
                    context = .blockComment
                    index += 2
                } else if starts("\"\"\"", at: index + hashes) {
                    context = .multilineString
                    index += hashes + 3
                } else if starts("\"", at: index + hashes) || (hashes > 0 && starts("/", at: index + hashes)) {
                    // A string or a regex literal, to its closing mark; `\` escapes the next character.
                    let mark = characters[index + hashes]
                    index += hashes + 1
                    while index < characters.count, characters[index] != mark {
                        index += characters[index] == "\\" ? 2 : 1
                    }
                    index += 1 + hashes
                    code += "\"\""
                } else {
                    code.append(characters[index])
                    index += max(1, hashes)
                }
            }
        }
        return code
    }

    @Test("Every sleep in the tests says, on the line above it, why it is not a wait for a condition")
    func everySleepSaysWhyItIsNotAWait() throws {
        let tests = Repository.root.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 100, "only \(files.count) Swift files were found under \(tests.path)")
        var offenders: [String] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let relative = String(file.path.dropFirst(Repository.root.path.count + 1))
            for line in Self.unmarkedSleeps(in: try String(contentsOf: file, encoding: .utf8)) { offenders.append("\(relative):\(line)") }
        }
        let advice = "Each of these sleeps needs a `\(Self.marker)` comment above it, or a wait for its condition instead"
        #expect(offenders.isEmpty, "\(advice): \(offenders.joined(separator: ", "))")
    }

    @Test("The scan finds a sleep with no marker above it, and passes over marked sleeps, comments, strings and a clock's own sleep")
    func scanFindsUnmarkedSleepsOnly() {
        let source = """
            Thread.sleep(forTimeInterval: 0.3)
            // Not a wait: it paces real-time audio.
            usleep(5_000)
            // A comment above, but not the marker.
            try await Task.sleep(for: .seconds(1))
            // usleep(5_000) in a comment
            let script = "printf a; sleep(1)"
            /* nanosleep(&time, nil) */ let x = 1
            func sleep(until deadline: Instant) {}
            if slow { nanosleep(&time, nil) }
            try await clock.sleep(for: .seconds(1))
            """
        #expect(Self.unmarkedSleeps(in: source) == [1, 5, 10, 11])
    }
}
