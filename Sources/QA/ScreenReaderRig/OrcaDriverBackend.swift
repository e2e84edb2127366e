import AnnouncerCore
public import ATDriver
import Foundation
import Synchronization

/// The real Orca on its private desktop as an AT Driver backend: `pressKeys` sends real key presses,
/// `settings` are Orca's key echo and rate (applied by restarting Orca), and every utterance Orca speaks
/// through announcerd is captured output, with the key's, the request's and the first audio's times.
public final class OrcaDriverBackend: ATDriverBackend {
    private let rig: OrcaDesktop
    private let capture = Mutex<(listener: UUID?, lastKey: UInt64?)>((nil, nil))

    public init(rig: OrcaDesktop) {
        self.rig = rig
    }

    public var identity: ATDriverIdentity {
        ATDriverIdentity(atName: "Orca", atVersion: rig.orcaVersion, display: rig.display)
    }

    public func supportedSettings() -> [ATDriverSetting] {
        let settings = rig.settings
        return [
            ATDriverSetting(name: "keyEcho", value: .bool(settings.keyEcho), values: .boolean),
            ATDriverSetting(name: "rate", value: .number(Double(settings.rate)),
                            values: .number(minimum: Double(OrcaSettings.rates.lowerBound), maximum: Double(OrcaSettings.rates.upperBound))),
        ]
    }

    public func apply(_ settings: [ATDriverSettingValue]) throws(ATDriverFailure) {
        var changed = rig.settings
        for setting in settings {
            switch (setting.name, setting.value) {
            case let ("keyEcho", .bool(on)): changed.keyEcho = on
            case let ("rate", .number(rate)): changed.rate = Int(rate.rounded())
            default: throw .invalidArgument("The setting \(setting.name) cannot take that value.")
            }
        }
        do { try rig.apply(changed) } catch { throw .unknownError(error.description) }
    }

    public func pressKeys(_ keys: [String]) throws(ATDriverFailure) {
        guard let chord = WebDriverKeys.chord(keys) else {
            throw .invalidArgument("Each key must be one character or one WebDriver key code point, such as \"\\uE004\" for Tab.")
        }
        do {
            let sent = try rig.pressKeys(chord)
            capture.withLock { $0.lastKey = sent }
        } catch {
            throw .cannotSimulateKeyboardInteraction(error.description)
        }
    }

    public func openPage(_ url: String) throws(ATDriverFailure) {
        do { _ = try rig.open(url) } catch { throw .unknownError(error.description) }
    }

    public func startCapturing(_ deliver: @escaping @Sendable (ATDriverCapturedOutput) -> Void) {
        let key = rig.speech.onSettled { [self] utterance in
            // The key that led to it: the last one sent before announcerd received it.
            let key = capture.withLock { $0.lastKey }.flatMap { $0 <= utterance.received ? $0 : nil }
            deliver(ATDriverCapturedOutput(
                text: utterance.text, keySent: key.map(Self.milliseconds), received: Self.milliseconds(utterance.received),
                firstAudio: utterance.firstAudio.map(Self.milliseconds)
            ))
        }
        let previous = capture.withLock { state in
            defer { state.listener = key }
            return state.listener
        }
        if let previous { rig.speech.stopListening(previous) }
    }

    public func stopCapturing() {
        if let key = capture.withLock({ state in defer { state.listener = nil }; return state.listener }) {
            rig.speech.stopListening(key)
        }
    }

    private static func milliseconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1_000 }
}
