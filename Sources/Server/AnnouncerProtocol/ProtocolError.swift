public import AnnouncerCore

/// Why a request was refused: a stable code for programs and one plain sentence for people.
public struct ProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable across versions; programs test this, never the sentence.
    public var code: Code
    /// One sentence saying what was wrong and what to do instead.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The stable error codes of the JSON-lines protocol, listed in docs/PROTOCOL.md.
    public enum Code: String, Sendable, Hashable, CaseIterable, Codable {
        case invalidUTF8 = "invalid_utf8"
        case invalidJSON = "invalid_json"
        case notAnObject = "not_an_object"
        case lineTooLong = "line_too_long"
        case missingRequest = "missing_request"
        case unknownRequest = "unknown_request"
        case unknownField = "unknown_field"
        case missingField = "missing_field"
        case invalidValue = "invalid_value"
        case emptyText = "empty_text"
        case unknownLanguage = "unknown_language"
        case invalidID = "invalid_id"
        case idInUse = "id_in_use"
        case shuttingDown = "shutting_down"
        /// A per-client limit on rate or on announcements not yet ended refused it; waiting cures it.
        case throttled = "throttled"
        /// The announcement's text is longer than the server's limit.
        case textTooLong = "text_too_long"
        /// The server serves as many clients as --max-clients allows; sent in place of a connection.
        case tooManyClients = "too_many_clients"
        /// The server has no file descriptor left for the connection; sent in place of it.
        case outOfDescriptors = "out_of_descriptors"
    }
}

extension ProtocolError {
    /// The protocol error for an announcement the core refused to make.
    public init(_ error: AnnouncementError) {
        switch error {
        case .emptyText: self.init(.emptyText, error.description)
        case .unknownLanguage: self.init(.unknownLanguage, error.description)
        case .outOfRange, .unknownPoliteness: self.init(.invalidValue, error.description)
        }
    }
}
