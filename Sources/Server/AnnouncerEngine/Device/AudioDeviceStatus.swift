public import Foundation

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

    /// `downSince` in UTC as ISO 8601, such as `2026-11-22T04:32:13Z`. Made with `strftime`, not
    /// Foundation's formatters: those load ICU's calendar data, 4 MB more resident memory for a server
    /// that is asked for its status while a device is down.
    public var downSinceISO8601: String? {
        guard let downSince else { return nil }
        var seconds = time_t(downSince.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let length = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public init(name: String, handling: AudioFaultHandling) {
        self.name = name
        self.handling = handling
    }
}
