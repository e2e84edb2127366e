@testable import ATDriver
import Foundation

/// A message from the server as a client reads it: an answer with a result of type `Result`, an error, or an event.
struct WireMessage<Result: Decodable>: Decodable {
    var id: Int?
    var result: Result?
    var error: ATDriverErrorCode?
    var message: String?
    var method: String?

    init(_ text: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
    }
}

/// A result read only for being there: `{}`, or any other.
struct AnyResult: Decodable {}
