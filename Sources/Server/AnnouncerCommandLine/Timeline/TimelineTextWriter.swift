public import AnnouncerCore
import AnnouncerEngine
public import Foundation

/// Writes the timeline as plain sentences, one a line (a long one goes on in lines that begin with two
/// spaces), that read well aloud and on a braille display.
///
/// Times are in milliseconds since `origin`, so the first line of a run reads near zero.
public final class TimelineTextWriter: TimelineObserver {
    private let output: FileHandle
    private let origin: MonotonicInstant
    private let queue = DispatchQueue(label: "announcer.timeline-text-writer")

    public init(output: FileHandle = .standardOutput, origin: MonotonicInstant = .now()) {
        self.output = output
        self.origin = origin
    }

    public func record(_ event: TimelineEvent) {
        let line = Data((PlainLineWrapper.fitted(Self.sentence(for: event, origin: origin)) + "\n").utf8)
        queue.async { [output] in try? output.write(contentsOf: line) }
    }

    public func flush() { queue.sync {} }

    /// The sentence for one event, such as `812.0 ms: announcement 1 ended: interrupted by announcement 2.`
    public static func sentence(for event: TimelineEvent, origin: MonotonicInstant) -> String {
        let time = format(event.time.since(origin))
        let subject = "\(time): announcement \(event.announcement.id)"
        let announcement = event.announcement
        switch event.kind {
        case .received:
            let region = announcement.region.map { ", region \($0)" } ?? ""
            return "\(subject) received, \(announcement.politeness.rawValue), \(announcement.language.name)\(region): \"\(announcement.text)\""
        case .queued:
            return "\(subject) queued."
        case .started:
            return "\(subject) started."
        case .firstAudio:
            return "\(subject) first audio, \(format(event.sinceArrival)) after arrival."
        case .audible:
            return "\(subject) audible, \(format(event.sinceArrival)) after arrival."
        case let .mark(name):
            return "\(subject) reached mark \(name), audible \(format(event.sinceArrival)) after arrival."
        case .paused:
            return "\(subject) paused."
        case .resumed:
            return "\(subject) resumed."
        case let .warning(message):
            return "\(subject) warning: \(message)"
        case let .ended(outcome):
            switch outcome {
            case let .interrupted(by): return "\(subject) ended: interrupted by announcement \(by)."
            case .interruptedAfterHolding: return "\(subject) ended: interrupted. \(outcome.explanation)"
            case let .superseded(by): return "\(subject) ended: superseded by announcement \(by)."
            case let .duplicate(of): return "\(subject) ended: duplicate of announcement \(of)."
            case let .failed(reason): return "\(subject) ended: failed. \(reason)"
            case let .dropped(reason): return "\(subject) ended: dropped. \(reason)"
            default: return "\(subject) ended: \(outcome.name)."
            }
        }
    }

    private static func format(_ duration: Duration) -> String {
        let tenths = (duration.microseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}

extension Language {
    /// The language's name in English, for sentences.
    public var name: String {
        switch self {
        case .english: "English"
        case .norwegianBokmal: "Norwegian Bokmål"
        default: rawValue
        }
    }
}
