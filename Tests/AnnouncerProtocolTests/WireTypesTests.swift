import AnnouncerCore
import AnnouncerProtocol
import Foundation
import JSONLineEncoding
import Testing

@Suite("Wire types")
struct WireTypesTests {
    private let languages: [Language] = [.english, .norwegianBokmal]

    /// Should read back, with the server's own parser, every kind of request a client writes.
    @Test("Every request a client encodes is read back as the same request by the server's parser", arguments: [
        JSONRequest.speak(SpeakRequest(
            text: "Feil: \"passord\"\n", politeness: .assertive, language: .norwegianBokmal, region: RegionID("login"),
            prosody: try! Prosody(rate: 200, pitch: 40, volume: 120), id: AnnouncementID("err-1"), follow: true,
            sent: MonotonicInstant(microseconds: 2_887_657_500), spelled: true, punctuation: .all
        )),
        .speak(SpeakRequest(text: "Saved")),
        .cancel(.id(AnnouncementID("err-1"))), .cancel(.region(RegionID("status"))), .cancel(.all),
        .subscribe, .unsubscribe, .status, .voices,
        .defaults(language: .norwegianBokmal, politeness: .assertive, punctuation: PunctuationLevel.none),
        .defaults(language: nil, politeness: nil, punctuation: nil),
    ])
    func requestsRoundTrip(_ request: JSONRequest) throws {
        let line = request.encoded
        #expect(try JSONRequestParser.parse(Array(line.utf8), languages: languages).get() == request)
    }

    /// Should write an event line exactly as the timeline always has: the README's schema, byte for byte.
    @Test("An event line keeps the timeline's field order, three decimals and a null region")
    func eventLineIsWrittenAsTheTimelineSchemaSays() throws {
        let announcement = try Announcement(
            id: AnnouncementID("2"), text: "Saved", politeness: .polite, language: .english,
            arrival: MonotonicInstant(microseconds: 2_887_658_000)
        )
        let ended = TimelineEvent(
            time: MonotonicInstant(microseconds: 2_888_451_608), kind: .ended(.superseded(by: AnnouncementID("3"))),
            announcement: announcement
        )
        #expect(EventLine(ended).encoded ==
            #"{"t_ms":2888451.608,"id":"2","event":"ended","outcome":"superseded","by":"3","reason":"It was replaced by the newer announcement 3 for the same region.","politeness":"polite","lang":"en","region":null,"text":"Saved"}"#)
        let heard = TimelineEvent(time: MonotonicInstant(microseconds: 2_887_658_400), kind: .firstAudio, announcement: announcement)
        #expect(EventLine(heard).encoded ==
            #"{"t_ms":2887658.400,"id":"2","event":"first_audio","latency_ms":0.400,"politeness":"polite","lang":"en","region":null,"text":"Saved"}"#)
    }

    /// Should give a client back every field the server wrote, through Foundation's decoder.
    @Test("An event line decodes to the same event")
    func eventLineRoundTrips() throws {
        let line = EventLine(
            time: Milliseconds(microseconds: 12_345_678), id: AnnouncementID("a"), event: .ended,
            sent: Milliseconds(microseconds: 12_000_001), outcome: .duplicate, of: AnnouncementID("b"),
            reason: "Said before.", politeness: .assertive, language: .norwegianBokmal, region: RegionID("r"), text: "Æ ø å"
        )
        #expect(try JSONDecoder().decode(EventLine.self, from: Data(line.encoded.utf8)) == line)
    }

    /// Should keep a status reply readable by a client that knows its body, with nulls where nothing is known.
    @Test("A status reply decodes to the same body and writes null for what is not known")
    func statusRoundTrips() throws {
        let body = StatusBody(
            version: "1.0", sink: "alsa:default", speaking: nil, waiting: WaitingCounts(assertive: 1, polite: 2), clients: 3,
            clientList: [ClientShare(client: 1, wireProtocol: .ssip, pid: nil, name: "orca", waiting: WaitingCounts(assertive: 0, polite: 2),
                                     dropped: 1, droppedReasons: [DropReasonCount(reason: "Too many.", count: 1)])],
            ended: OutcomeCounts([.spoken: 5, .interrupted: 1]),
            synthesis: SynthesisStatus(isolated: true, workerPID: 42, restarts: 1, hangs: 0, refusedInputs: 0, lastRestart: nil),
            throttling: ThrottlingStatus(
                limits: ThrottlingStatus.Limits(burst: 20_000, perSecond: 5_000, pending: nil, textBytes: 8_192), throttled: 0,
                refused: ["rate": 0, "pending": 2], throttledClients: []),
            audio: AudioStatus(device: "default", state: .working, problem: nil, downSince: nil, outages: 0, lastOutageMilliseconds: nil, whenDown: .wait)
        )
        let line = Reply(.status, body).encoded
        #expect(line.hasPrefix(#"{"reply":"status","ok":true,"version":"1.0","sink":"alsa:default","speaking":null,"waiting":{"assertive":1,"polite":2}"#))
        #expect(line.contains(#""ended":{"interrupted":1,"spoken":5}"#))
        #expect(line.contains(#""refused":{"pending":2,"rate":0}"#))
        #expect(line.contains(#""pending":null"#))
        #expect(try JSONDecoder().decode(Reply<StatusBody>.self, from: Data(line.utf8)).body == body)
    }

    /// Should tell a client what was refused and why, and let it read a refusal with a code it does not know.
    @Test("A refusal carries its code and sentence, and an unknown code still gives the sentence")
    func refusalsAreReadBack() throws {
        let line = ReplyHeader.refusalLine(.speak, ProtocolError(.throttled, "Slow down."))
        let header = try JSONDecoder().decode(ReplyHeader.self, from: Data(line.utf8))
        #expect(header.refusal == ProtocolError(.throttled, "Slow down."))
        let future = try JSONDecoder().decode(ReplyHeader.self, from: Data(#"{"reply":"speak","ok":false,"error":"new_code","message":"Why."}"#.utf8))
        #expect(future.refusal?.message == "Why.")
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Reply<SpeakAccepted>.self, from: Data(line.utf8)) }
    }
}

@Suite("JSON line encoder")
struct JSONLineEncoderTests {
    private struct Sample: Encodable {
        var zeta = "last first"
        var alpha: Int? = nil
        var tab = "a\tb\u{1}\"\\"
        var ratio = ThreeDecimals(4.5)
        var negative = ThreeDecimals(-0.0005)
        var list = [1, 2]
        var nested = ["only": true]
    }

    /// Should write keys in the order a type encodes them, not by hash, so lines read the same every time.
    @Test("Keys keep their encoding order; nil is null; strings are escaped; three decimals are exact")
    func writesInOrderWithEscapes() throws {
        #expect(try JSONLineEncoder().encode(Sample()) ==
            #"{"zeta":"last first","alpha":null,"tab":"a\tb\u0001\"\\","ratio":4.500,"negative":-0.001,"list":[1,2],"nested":{"only":true}}"#)
    }

    /// Should write milliseconds as the timeline always has: whole part, a point, and exactly three decimals.
    @Test("Milliseconds are written with exactly three decimals", arguments: [
        (UInt64(0), "0.000"), (1, "0.001"), (1_000, "1.000"), (2_887_658_154, "2887658.154"),
    ])
    func millisecondsHaveThreeDecimals(_ microseconds: UInt64, _ text: String) throws {
        #expect(try JSONLineEncoder().encode([Milliseconds(microseconds: microseconds)]) == "[\(text)]")
    }
}
