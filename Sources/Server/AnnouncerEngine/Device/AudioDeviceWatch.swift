import Audio
import Foundation
import Synchronization

/// Keeps the audio device's status and says, once each, when it stops working and when it is back.
final class AudioDeviceWatch: Sendable {
    /// A change worth one log line.
    enum Change: Sendable {
        case wentDown(AudioError)
        /// The device could not be opened when the engine started, which started without it.
        case missingAtStart(AudioError)
        case cameBack(after: Duration)
    }

    private struct State {
        var status: AudioDeviceStatus
        var downAt: ContinuousClock.Instant?
    }

    private let state: Mutex<State>
    private let onChange: @Sendable (Change, AudioDeviceStatus) -> Void

    init(name: String, handling: AudioFaultHandling, onChange: @escaping @Sendable (Change, AudioDeviceStatus) -> Void) {
        state = Mutex(State(status: AudioDeviceStatus(name: name, handling: handling)))
        self.onChange = onChange
    }

    var status: AudioDeviceStatus { state.withLock { $0.status } }
    var isWorking: Bool { state.withLock { $0.status.isWorking } }

    /// The device failed with `fault`; only the first fault of an outage is news. `atStart`: it could not be
    /// opened when the engine started, which is told in words of its own.
    func failed(_ fault: AudioError, atStart: Bool = false) {
        let news: AudioDeviceStatus? = state.withLock { state in
            state.status.problem = fault.fault.prefix(1).uppercased() + fault.fault.dropFirst() + "."
            guard state.status.isWorking else { return nil }
            state.status.isWorking = false
            state.status.downSince = Date()
            state.status.outages += 1
            state.downAt = .now
            return state.status
        }
        if let news { onChange(atStart ? .missingAtStart(fault) : .wentDown(fault), news) }
    }

    /// The device was opened again.
    func recovered() {
        let news: (Duration, AudioDeviceStatus)? = state.withLock { state in
            guard !state.status.isWorking else { return nil }
            let outage = state.downAt.map { ContinuousClock.now - $0 } ?? .zero
            state.status.isWorking = true
            state.status.problem = nil
            state.status.downSince = nil
            state.status.lastOutage = outage
            state.downAt = nil
            return (outage, state.status)
        }
        if let (outage, status) = news { onChange(.cameBack(after: outage), status) }
    }
}
