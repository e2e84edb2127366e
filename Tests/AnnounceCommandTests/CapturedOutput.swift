import AnnouncerCommandLine
import Foundation

/// What a command run in a test's own process wrote, kept in memory: its standard output and its
/// standard error, each as the text written and as lines.
// Unchecked: what was written is read and changed only while `condition` is locked.
final class CapturedOutput: OutputDestination, @unchecked Sendable {
    private let condition = NSCondition()
    private var outputBytes: [UInt8] = []
    private var errorText = ""

    init() {}

    func writeOutput(_ text: String) {
        passOn(text)
    }

    func writeError(_ text: String) {
        changing { errorText += text }
    }

    func passOn(_ bytes: UnsafeRawBufferPointer) -> Bool {
        changing { outputBytes += bytes }
        return true
    }

    /// Everything written to standard output so far, byte for byte.
    var bytes: [UInt8] { locked { outputBytes } }
    /// Everything written to standard output so far, as text.
    var output: String { String(decoding: bytes, as: UTF8.self) }
    /// Everything written to standard error so far.
    var error: String { locked { errorText } }
    /// Standard output's lines, the last one's newline not making an empty line.
    var outputLines: [String] { Self.lines(of: output) }
    /// Standard error's lines, the last one's newline not making an empty line.
    var errorLines: [String] { Self.lines(of: error) }

    /// Waits until standard output holds `text`, woken by each write; false after `seconds`.
    func waitForOutput(containing text: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !String(decoding: outputBytes, as: UTF8.self).contains(text) {
            guard condition.wait(until: deadline) else { return String(decoding: outputBytes, as: UTF8.self).contains(text) }
        }
        return true
    }

    private func changing(_ change: () -> Void) {
        condition.lock()
        change()
        condition.broadcast()
        condition.unlock()
    }

    private func locked<Value>(_ read: () -> Value) -> Value {
        condition.lock()
        defer { condition.unlock() }
        return read()
    }

    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
