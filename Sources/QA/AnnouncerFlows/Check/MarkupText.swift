/// Text made safe to put in XML or HTML, as element content or a quoted attribute value:
/// the JUnit report and the audit report escape it the same way.
enum MarkupText {
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                // XML 1.0 has no place for most control characters, even escaped, and HTML none for them to show.
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\t" || $0 == "\n" }) { escaped.append(character) }
            }
        }
        return escaped
    }
}
