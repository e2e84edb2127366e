import AnnouncerCore
import Dispatch
import Foundation

/// Tells a waiting benchmark when one announcement's first audio happened, or that it ended without any.
final class FirstAudioWaiter: TimelineObserver {
    private struct State {
        var watched: AnnouncementID?
        var firstAudio: TimelineEvent?
        var audible: TimelineEvent?
        var endedWithout: Outcome?
    }

    private let state = Locked<State>(State())
    private let signal = DispatchSemaphore(value: 0)

    /// Call before submitting the announcement.
    func watch(_ id: AnnouncementID) {
        state.withLock { $0 = State(watched: id) }
    }

    func record(_ event: TimelineEvent) {
        let wake: Bool = state.withLock { state in
            guard event.announcement.id == state.watched, state.audible == nil, state.endedWithout == nil else {
                return false
            }
            switch event.kind {
            case .firstAudio:
                // The scheduler records `audible` right after, in the same step; wake then.
                state.firstAudio = event
                return false
            case .audible:
                state.audible = event
                return state.firstAudio != nil
            case let .ended(outcome):
                state.endedWithout = outcome
                return true
            default:
                return false
            }
        }
        if wake { signal.signal() }
    }

    /// Blocks until the watched announcement's first audio, and returns its first audio and audible events;
    /// returns nil, after saying why, if it ended without audio or none came in time.
    func wait() -> (firstAudio: TimelineEvent, audible: TimelineEvent)? {
        let watched = state.withLock { $0.watched }.map(\.description) ?? "?"
        guard signal.wait(timeout: .now() + firstAudioTimeout) == .success else {
            print("Announcement \(watched) had no first audio within \(firstAudioTimeout).")
            return nil
        }
        let (firstAudio, audible, outcome) = state.withLock { ($0.firstAudio, $0.audible, $0.endedWithout) }
        guard let firstAudio, let audible else {
            print("Announcement \(watched) ended without audio: \(outcome?.explanation ?? "no reason was given.")")
            return nil
        }
        return (firstAudio, audible)
    }
}
