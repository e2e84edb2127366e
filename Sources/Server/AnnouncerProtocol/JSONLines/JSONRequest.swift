public import AnnouncerCore
import SSMLReading

/// One request of the JSON-lines protocol, already checked field by field.
public enum JSONRequest: Sendable, Equatable {
    /// Say something.
    case speak(SpeakRequest)
    /// End announcements by id, region or all.
    case cancel(CancelTarget)
    /// Cancels every announcement this connection sent that has not ended, waiting or speaking.
    case cancelOwn
    /// Stream the live event timeline to this connection.
    case subscribe
    /// Stop streaming the timeline.
    case unsubscribe
    /// Report version, sink, queue depths and what is speaking.
    case status
    /// Change this connection's default language, politeness and punctuation; any may be left out.
    case defaults(language: Language?, politeness: Politeness?, punctuation: PunctuationLevel?)
    /// List the voice profiles: language, name, eSpeak voice and the files each came from.
    case voices
    /// Pause this connection's speech at its next index mark and hold its announcements; `all` pauses every client's.
    case pause(all: Bool)
    /// Go on from where this connection's speech paused; `all` resumes every client's.
    case resume(all: Bool)

    /// The request's name on the wire, echoed in its reply.
    public var name: RequestName {
        switch self {
        case .speak: .speak
        case .cancel, .cancelOwn: .cancel
        case .subscribe: .subscribe
        case .unsubscribe: .unsubscribe
        case .status: .status
        case .defaults: .defaults
        case .voices: .voices
        case .pause: .pause
        case .resume: .resume
        }
    }

    /// True for a request that only asks and changes nothing: `status` and `voices`.
    public var isQuery: Bool {
        switch self {
        case .status, .voices: true
        default: false
        }
    }
}

/// A `speak` request: the text and whatever the client chose; the rest comes from its defaults.
public struct SpeakRequest: Sendable, Equatable {
    public var text: String
    public var politeness: Politeness?
    public var language: Language?
    public var region: RegionID?
    public var prosody: Prosody
    /// An id the client chose, so it can cancel or follow the announcement by a name of its own.
    public var id: AnnouncementID?
    /// Send this announcement's timeline events back to this connection until it ends.
    public var follow: Bool
    /// When the client sent the request, on the monotonic clock; carried onto every timeline event.
    public var sent: MonotonicInstant?
    /// Read character by character.
    public var spelled: Bool
    /// How much punctuation to name; nil takes the connection's default.
    public var punctuation: PunctuationLevel?
    /// The text is SSML: marks, breaks, prosody, language changes and the rest of the subset in docs/PROTOCOL.md.
    public var ssml: Bool
    /// Spoken again even when the same words were said within the duplicate window, as a screen
    /// reader's own speech must be (Emacspeak moving over two blank lines).
    public var keepRepeats: Bool

    public init(
        text: String, politeness: Politeness? = nil, language: Language? = nil, region: RegionID? = nil,
        prosody: Prosody = .voiceDefault, id: AnnouncementID? = nil, follow: Bool = false,
        sent: MonotonicInstant? = nil, spelled: Bool = false, punctuation: PunctuationLevel? = nil, ssml: Bool = false,
        keepRepeats: Bool = false
    ) {
        self.ssml = ssml
        self.keepRepeats = keepRepeats
        self.text = text
        self.politeness = politeness
        self.language = language
        self.region = region
        self.prosody = prosody
        self.id = id
        self.follow = follow
        self.sent = sent
        self.spelled = spelled
        self.punctuation = punctuation
    }

    /// The announcement to submit, filling what the request left out from the connection's defaults.
    public func announcement(defaults: ConnectionDefaults, arrival: MonotonicInstant) throws(ProtocolError) -> Announcement {
        // The send time must come before the server read the request; a later one is on another clock.
        if let sent, sent > arrival {
            throw ProtocolError(.invalidValue,
                "The field \"sent_ms\" is later than the moment the server read the request; stamp it with the monotonic clock (CLOCK_MONOTONIC, as Python's time.monotonic() gives), in milliseconds.")
        }
        // SSML that cannot be read is spoken as its text, with a warning on the timeline; never refused.
        let script = ssml && !spelled ? SSMLReader().read(text) : nil
        do throws(AnnouncementError) {
            var announcement = try Announcement(
                id: id ?? .generate(), text: script?.plainText ?? text,
                politeness: politeness ?? defaults.politeness, language: language ?? defaults.language,
                region: region, prosody: prosody, arrival: arrival, sent: sent,
                spelled: spelled, punctuation: punctuation ?? defaults.punctuation
            )
            announcement.script = script
            announcement.dropsRepeats = !keepRepeats
            return announcement
        } catch {
            throw ProtocolError(error)
        }
    }
}

/// What a connection's announcements get when a request leaves a field out.
public struct ConnectionDefaults: Sendable, Equatable {
    public var language: Language
    public var politeness: Politeness
    /// nil leaves punctuation to the server's default.
    public var punctuation: PunctuationLevel?

    public init(language: Language, politeness: Politeness = .polite, punctuation: PunctuationLevel? = nil) {
        self.language = language
        self.politeness = politeness
        self.punctuation = punctuation
    }
}
