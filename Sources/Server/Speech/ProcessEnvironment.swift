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
