import AnnouncerClient
import AnnouncerCore
import AnnouncerFlows
import Foundation
import Synchronization

/// Speaks a flow's utterances through the running server or an engine in this process, and tells when
/// each was heard; a speech destination underneath, as the bench's, so the server's timeline is read the same way.
final class FlowVoice {
    let destination: any SpeechDestination
    let language: Language
    /// Ids unique to this process and every flow it runs, so a timeline tells them apart: `flow.PID.N`.
    private static let spoken = Atomic<Int>(0)
    private let prefix = "flow.\(ProcessInfo.processInfo.processIdentifier)"

    init(destination: any SpeechDestination, language: Language) {
        self.destination = destination
        self.language = language
    }

    /// Sends the utterance now; returns its announcement id.
    func say(_ utterance: Utterance) throws -> String {
        let id = "\(prefix).\(Self.spoken.add(1, ordering: .relaxed).newValue)"
        let region = utterance.region ?? (utterance.isAnnouncement ? nil : "flow-focus")
        try destination.speak([OutgoingAnnouncement(id: id, utterance.text, politeness: utterance.politeness, language: language, region: region)])
        return id
    }

    /// Stops an utterance that waits or speaks, as a screen reader stops reading when focus moves on.
    func cancel(_ id: String) {
        try? destination.cancel([id])
    }

    /// True once every one has ended.
    func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool {
        destination.timeline.waitUntilEnded(ids, timeout: timeout)
    }

    func times(of id: String) -> AnnouncementTimes? { destination.timeline.times(of: id) }

    func close() { destination.close() }
}

extension FlowVoice: FlowSpeaker {
    func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> HeardTimes? {
        let times: AnnouncementTimes? = destination.timeline.waitUntilHeardOrEnded(id, timeout: timeout)
        guard let times, times.firstAudio != nil || times.outcome != nil else { return nil }
        return HeardTimes(firstAudio: times.firstAudio, outcome: times.outcome)
    }
}
