/// The `params` of each command as they arrive, before `ATDriverRequest` checks them. The specification
/// lets every object carry more keys than it names; these ignore them.
enum ATDriverCommandParameters {
    /// `session.new`: `{"capabilities": {"alwaysMatch": {...}}}`, all of it optional.
    struct SessionNew: Decodable {
        struct Capabilities: Decodable {
            var alwaysMatch: ATDriverCapabilitiesRequest?
        }

        var capabilities: Capabilities?
    }

    /// `settings.getSettings`: `{"settings": [{"name": ...}]}`.
    struct SettingNames: Decodable {
        struct Name: Decodable {
            var name: String
        }

        var settings: [Name]?
    }

    /// `settings.setSettings`: `{"settings": [{"name": ..., "value": ...}]}`.
    struct SetSettings: Decodable {
        var settings: [ATDriverSettingValue]
    }

    /// `interaction.userIntent`, read for its name first: the keys matter only to `pressKeys`.
    struct UserIntent: Decodable {
        var name: String
    }

    /// `interaction.pressKeys`, and `interaction.userIntent` named `pressKeys`: `{"keys": [...]}`.
    struct PressKeys: Decodable {
        var keys: [String]
    }

    /// `announcer:page.open`: `{"url": ...}`.
    struct PageOpen: Decodable {
        var url: String
    }

    /// A message's `params`, absent or null taken as none.
    struct Envelope<Parameters: Decodable>: Decodable {
        var params: Parameters?
    }
}
