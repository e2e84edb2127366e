import Foundation

/// Whether the audio device works, and how it has fared, for status reports.
public struct AudioDeviceStatus: Sendable, Hashable {
    /// The sink, as named with `--sink`, such as `alsa:default`.
    public var name: String
    /// False from a fault until the device is open again.
    public var isWorking = true
    /// The last fault, in one sentence, while the device is not working.
    public var problem: String?
    /// When the device stopped working, while it does not.
    public var downSince: Date?
    /// How many times the device stopped working.
    public var outages = 0
    /// How long the last outage lasted, once it ended.
    public var lastOutage: Duration?
    /// What announcements do while it is not working.
    public var handling: AudioFaultHandling

    public init(name: String, handling: AudioFaultHandling) {
        self.name = name
        self.handling = handling
    }
}
