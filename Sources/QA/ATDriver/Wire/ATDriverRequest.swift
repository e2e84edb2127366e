import Foundation

/// One message from a client, read as the specification's "handle an incoming message" reads it: the command
/// id, when there is a usable one, and the command or why it cannot be served.
struct ATDriverRequest: Sendable, Equatable {
    /// The command's id, or nil when the message has none that is a whole number of zero or more.
    var id: Int?
    /// The method as the message names it, for the log.
    var method: String?
    var command: Result<ATDriverCommand, ATDriverFailure>

    init(id: Int?, method: String?, command: Result<ATDriverCommand, ATDriverFailure>) {
        self.id = id
        self.method = method
        self.command = command
    }

    /// What a binary frame is: not a command.
    static let binaryFrame = ATDriverRequest(
        id: nil, method: nil,
        command: .failure(.invalidArgument("Messages are text frames, each one JSON object; this one was binary."))
    )

    /// Reads a text frame's bytes.
    init(json bytes: [UInt8]) {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        guard let envelope = try? decoder.decode(Envelope.self, from: data) else {
            self.init(id: nil, method: nil, command: .failure(.invalidArgument("The message is not a JSON object.")))
            return
        }
        self.init(id: envelope.id, method: envelope.method, command: Self.command(envelope, from: data, decoder: decoder))
    }

    private static func command(_ envelope: Envelope, from data: Data, decoder: JSONDecoder) -> Result<ATDriverCommand, ATDriverFailure> {
        guard let name = envelope.method else {
            return .failure(.invalidArgument("The message has no method; a command is {\"id\": 1, \"method\": \"session.new\", \"params\": {}}."))
        }
        guard let method = ATDriverMethod(rawValue: name) else {
            return .failure(.unknownCommand("\(name) is not a command this server knows."))
        }
        guard envelope.id != nil else {
            return .failure(.invalidArgument("The command has no id; give each command a whole number of zero or more as its id."))
        }
        do throws(ATDriverFailure) {
            return .success(try command(method, from: data, decoder: decoder))
        } catch {
            return .failure(error)
        }
    }

    private static func command(_ method: ATDriverMethod, from data: Data, decoder: JSONDecoder) throws(ATDriverFailure) -> ATDriverCommand {
        typealias P = ATDriverCommandParameters
        switch method {
        case .sessionNew:
            let params = try decode(P.SessionNew.self, method, from: data, decoder: decoder)
            return .newSession(params?.capabilities?.alwaysMatch ?? ATDriverCapabilitiesRequest())
        case .sessionEnd:
            return .endSession
        case .settingsGetSupportedSettings:
            return .getSupportedSettings
        case .settingsGetSettings:
            let params = try decode(P.SettingNames.self, method, from: data, decoder: decoder)
            return .getSettings(names: params?.settings?.map(\.name) ?? [])
        case .settingsSetSettings:
            guard let params = try decode(P.SetSettings.self, method, from: data, decoder: decoder) else {
                throw .invalidArgument("settings.setSettings needs params.settings, a list of {\"name\", \"value\"}.")
            }
            return .setSettings(params.settings)
        case .interactionUserIntent:
            guard let intent = try decode(P.UserIntent.self, method, from: data, decoder: decoder) else {
                throw .invalidArgument("interaction.userIntent needs params.name, such as \"pressKeys\".")
            }
            guard intent.name == "pressKeys" else { return .unknownUserIntent(intent.name) }
            return .pressKeys(try keys(method, from: data, decoder: decoder))
        case .interactionPressKeys:
            return .pressKeys(try keys(method, from: data, decoder: decoder))
        case .pageOpen:
            guard let url = try decode(P.PageOpen.self, method, from: data, decoder: decoder)?.url,
                  let scheme = URL(string: url)?.scheme, !scheme.isEmpty else {
                throw .invalidArgument("announcer:page.open needs params.url, a whole URL such as \"https://example.com/\".")
            }
            return .openPage(url: url)
        }
    }

    /// The keys of one chord: at least one, each a single character (a WebDriver key such as "\u{E004}" is one).
    private static func keys(_ method: ATDriverMethod, from data: Data, decoder: JSONDecoder) throws(ATDriverFailure) -> [String] {
        let keys = try decode(ATDriverCommandParameters.PressKeys.self, method, from: data, decoder: decoder)?.keys ?? []
        guard !keys.isEmpty else {
            throw .invalidArgument("\(method.rawValue) needs params.keys, a list of at least one key.")
        }
        if let bad = keys.firstIndex(where: { $0.count != 1 }) {
            throw .invalidArgument("params.keys[\(bad)] is \(keys[bad].debugDescription); each key is one character or one WebDriver key code.")
        }
        return keys
    }

    /// The message's params as `Parameters`, nil when it has none, or an invalid argument that says what does not fit.
    private static func decode<Parameters: Decodable>(
        _: Parameters.Type, _ method: ATDriverMethod, from data: Data, decoder: JSONDecoder
    ) throws(ATDriverFailure) -> Parameters? {
        do {
            return try decoder.decode(ATDriverCommandParameters.Envelope<Parameters>.self, from: data).params
        } catch let error as DecodingError {
            throw .invalidArgument("The params of \(method.rawValue) do not fit: \(Self.explain(error)).")
        } catch {
            throw .invalidArgument("The params of \(method.rawValue) could not be read.")
        }
    }

    /// Where the params went wrong, named by their path in the message, such as `params.keys[0] is not a string`.
    private static func explain(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { path, key in
                if let index = key.intValue { "\(path)[\(index)]" } else { path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)" }
            }
        }
        switch error {
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)) is not \(Self.article(for: type))"
        case let .valueNotFound(_, context):
            return "\(path(context.codingPath)) is missing"
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])) is missing"
        case let .dataCorrupted(context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func article(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Double.Type, is Int.Type: "a number"
        case is ATDriverValue.Type: "a boolean, a number or a string"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }

    /// The two fields every message is read for first. A wrong type in either counts as missing, so that an
    /// unreadable id still lets the message be answered, with a null id.
    private struct Envelope: Decodable {
        var id: Int?
        var method: String?

        private enum CodingKeys: String, CodingKey { case id, method }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = (try? container.decode(Int.self, forKey: .id)).flatMap { $0 >= 0 ? $0 : nil }
            method = try? container.decode(String.self, forKey: .method)
        }
    }
}
