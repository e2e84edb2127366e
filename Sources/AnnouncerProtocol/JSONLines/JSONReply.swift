import AnnouncerCore

/// The reply lines of the JSON-lines protocol: one object per request, `reply` naming the request.
public enum JSONReply {
    /// A request that succeeded, with whatever it returns after `"ok":true`.
    public static func success(_ request: String, _ fields: [(String, JSONFragment)] = []) -> String {
        JSONFragment.object([("reply", .string(request)), ("ok", .bool(true))] + fields).encoded
    }

    /// A request that was refused: its stable code and one sentence.
    public static func failure(_ request: String?, _ error: ProtocolError) -> String {
        JSONFragment.object([
            ("reply", request.map(JSONFragment.string) ?? .null),
            ("ok", .bool(false)),
            ("error", .string(error.code.rawValue)),
            ("message", .string(error.message)),
        ]).encoded
    }

    /// The reply to an accepted `speak`: the announcement's id.
    public static func accepted(_ id: AnnouncementID) -> String {
        success("speak", [("id", .string(id.rawValue))])
    }
}
