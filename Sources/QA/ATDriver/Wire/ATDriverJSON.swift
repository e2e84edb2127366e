import Foundation

/// The one way this server writes its messages as JSON text: compact, with keys sorted so a message reads the same every time.
enum ATDriverJSON {
    /// What a message that cannot be written becomes; only a value JSON cannot hold, such as NaN, gets here.
    static let unwritable = #"{"error":"unknown error","id":null,"message":"The server could not write its answer as JSON."}"#

    static func text(_ message: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(message) else { return unwritable }
        return String(decoding: data, as: UTF8.self)
    }
}
