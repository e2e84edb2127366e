import Glibc

/// This process's environment variables, read from `environ`, so the speech module needs no Foundation.
public enum ProcessEnvironment {
    /// Every variable now, by name; a later duplicate of a name is ignored.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            cursor += 1
        }
        return variables
    }
}

extension Duration {
    /// Seconds with one decimal, as "0.3": what `String(format: "%.1f")` would give, without Foundation.
    var tenthsOfSeconds: String {
        let (seconds, attoseconds) = components
        let tenths = seconds * 10 + (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
