public import Foundation

/// The settings announce gives Orca on its private desktop, written as Orca's own `user-settings.conf`
/// (Orca's JSON backend) in a folder given to `orca -u`. Everything else is Orca's default.
public struct OrcaSettings: Sendable, Equatable {
    /// Whether Orca speaks the name of each key pressed. Off by default: it queues ahead of the speech
    /// being measured, since Orca does not interrupt its key echo.
    public var keyEcho = false
    /// Orca's speech rate, 0 to 100 (its own scale; 50 is its default).
    public var rate = 50
    /// Whether Orca reads a whole page as it loads (its default). Off: a flow's first key would cut the
    /// reading at a point that depends on the machine's speed, and leave Orca's caret there.
    public var sayAllOnLoad = false

    public init(keyEcho: Bool = false, rate: Int = 50) {
        self.keyEcho = keyEcho
        self.rate = rate
    }

    /// The rates Orca takes.
    public static let rates = 0...100

    /// The file's JSON.
    public var json: Data {
        let voice: [String: Any] = ["established": true, "rate": rate]
        let general: [String: Any] = [
            "enableKeyEcho": keyEcho, "enableEchoByCharacter": false, "enableEchoByWord": false,
            "enableSpeech": true, "firstStart": false, "speechServerFactory": "speechdispatcherfactory",
            "sayAllOnLoad": sayAllOnLoad, "pageSummaryOnLoad": true,
            "voices": ["default": voice, "uppercase": ["average-pitch": 7.0], "hyperlink": [String: Any](), "system": [String: Any]()],
            "startingProfile": ["Default", "default"], "activeProfile": ["Default", "default"], "profile": ["Default", "default"],
        ]
        var profile = general
        profile["pronunciations"] = [String: Any]()
        profile["keybindings"] = [String: Any]()
        let settings: [String: Any] = [
            "general": general, "profiles": ["default": profile], "pronunciations": [String: Any](), "keybindings": [String: Any](),
        ]
        return (try? JSONSerialization.data(withJSONObject: settings, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    /// Writes `user-settings.conf` into `folder`, made if needed.
    public func write(to folder: String) throws(RigError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try json.write(to: URL(fileURLWithPath: "\(folder)/user-settings.conf"))
        } catch {
            throw .partFailed(part: "Orca", reason: "its settings could not be written to \(folder)")
        }
    }
}
