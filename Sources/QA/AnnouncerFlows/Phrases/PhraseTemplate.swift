import Foundation

/// Fills a profile's phrase template, such as `"{name}, group"` or `"row {row}, column {column}"`: each
/// `{name}` is replaced by its value, and one left empty takes its comma with it, so a group without a
/// name is "group", never ", group".
enum PhraseTemplate {
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        var previous = ""
        while previous != text {
            previous = text
            text = text.replacingOccurrences(of: ", ,", with: ",")
                .replacingOccurrences(of: "  ", with: " ")
                .replacingOccurrences(of: " ,", with: ",")
        }
        return text.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
    }
}
