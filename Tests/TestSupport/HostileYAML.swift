/// The YAML files of the issue 37 probe that once took the server down: read by the profile loader's
/// own tests and by the end-to-end tests of announcerd, `flow check` and `flow play`.
public enum HostileYAML {
    /// The probe's "billion laughs": ten levels of ten aliases under `words:`, 10^10 words from 930
    /// bytes, which once grew announcerd past 6 GB.
    public static let wordsBomb: String = {
        let keys = "abcdefghij".map(String.init)
        var lines = ["language: en", "words:", "  l0: &l0 {" + keys.map { "\($0): lol" }.joined(separator: ", ") + "}"]
        for level in 1..<10 {
            lines.append("  l\(level): &l\(level) {" + keys.map { "\($0): *l\(level - 1)" }.joined(separator: ", ") + "}")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The probe's complex-key bomb: a mapping key that is an alias of 9^10 values. Yams hashes a key
    /// to find duplicates, which walks every expansion, so reading it spun for ever and announcerd
    /// never started.
    public static let complexKeyBomb: String = {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<10 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return (lines + ["? *a9", ": x"]).joined(separator: "\n") + "\n"
    }()
}
