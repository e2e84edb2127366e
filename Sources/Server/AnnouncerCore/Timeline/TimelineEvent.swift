/// One moment in an announcement's life, as QA reads it on the timeline.
public struct TimelineEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The request was read from its client.
        case received
        /// It was accepted and waits its turn.
        case queued
        /// Synthesis began.
        case started
        /// The first PCM frame was handed to the audio sink.
        case firstAudio
        /// The first frame is estimated to reach the listener: first audio plus the sink's own delay.
        case audible
        /// It ended, with its one outcome.
        case ended(Outcome)
        /// The audio at an SSML index mark, by the mark's name, is estimated to reach the listener.
        case mark(String)
        /// Its speech stopped at a mark, or at once, because its client paused; it waits to resume.
        case paused
        /// Its speech began again after a pause, from the mark where it stopped.
        case resumed
        /// Something about the request that a reader of the timeline should know, in one sentence,
        /// such as SSML that could not be read and was spoken as its text.
        case warning(String)

        /// Which stage it is, without the outcome.
        public var stage: Stage {
            switch self {
            case .received: .received
            case .queued: .queued
            case .started: .started
            case .firstAudio: .firstAudio
            case .audible: .audible
            case .ended: .ended
            case .mark: .mark
            case .paused: .paused
            case .resumed: .resumed
            case .warning: .warning
            }
        }

        /// The event's name on the timeline.
        public var name: String { stage.rawValue }
    }

    /// A stage of an announcement's life, as the timeline names it.
    public enum Stage: String, Sendable, Hashable, CaseIterable, Codable {
        case received, queued, started
        case firstAudio = "first_audio"
        case audible, ended
        case mark, paused, resumed, warning
    }

    public var time: MonotonicInstant
    public var kind: Kind
    public var announcement: Announcement

    public init(time: MonotonicInstant, kind: Kind, announcement: Announcement) {
        self.time = time
        self.kind = kind
        self.announcement = announcement
    }

    /// The time from the announcement's arrival to this event.
    public var sinceArrival: Duration { time.since(announcement.arrival) }
}
