import Glibc

/// One message on the pipes between the server and its synthesis worker: a type byte, a 4-byte
/// little-endian length, then the payload. Requests go down the worker's stdin; audio and ends come up its stdout.
enum WorkerFrame: Equatable {
    /// Worker → server, once: eSpeak started, at this sample rate, with these voices.
    case ready(sampleRate: Int, catalog: ESpeakCatalog)
    /// Server → worker: synthesize.
    case synthesize(WorkerRequest)
    /// Server → worker: stop synthesizing request `id`.
    case cancel(id: UInt32)
    /// Worker → server: a chunk of mono s16 PCM for request `id`.
    case audio(id: UInt32, samples: [Int16])
    /// Worker → server: request `id` reached `<mark name="mark"/>` after `sample` samples of its audio;
    /// sent before the audio frame that holds that sample.
    case mark(id: UInt32, mark: UInt32, sample: UInt32)
    /// Worker → server: request `id` ended.
    case end(id: UInt32, WorkerEnd)

    /// The longest payload either side accepts: a frame longer than this means the stream is corrupt.
    static let maxPayload = 16 * 1024 * 1024

    var encoded: [UInt8] {
        var payload: [UInt8] = []
        let type: UInt8
        switch self {
        case let .ready(rate, catalog):
            type = UInt8(ascii: "R")
            payload.append(le: UInt32(rate))
            payload.append(le: UInt16(clamping: catalog.voices.count))
            for voice in catalog.voices.prefix(Int(UInt16.max)) {
                payload.append(text: voice.name)
                payload.append(text: voice.identifier)
                payload.append(le: UInt16(clamping: voice.languages.count))
                for language in voice.languages.prefix(Int(UInt16.max)) { payload.append(text: language) }
            }
        case let .synthesize(request):
            type = UInt8(ascii: "S")
            payload.append(le: request.id)
            payload.append(le: UInt16(request.rate))
            payload.append(le: UInt16(request.pitch))
            payload.append(le: UInt16(request.volume))
            payload.append(request.isMarkup ? 1 : 0)
            let voice = Array(request.voice.utf8)
            payload.append(le: UInt16(voice.count))
            payload += voice
            payload += Array(request.text.utf8)
        case let .cancel(id):
            type = UInt8(ascii: "C")
            payload.append(le: id)
        case let .mark(id, mark, sample):
            type = UInt8(ascii: "M")
            payload.append(le: id)
            payload.append(le: mark)
            payload.append(le: sample)
        case let .audio(id, samples):
            type = UInt8(ascii: "A")
            payload.append(le: id)
            // The PCM goes as it lies in memory: both ends are this machine, and Linux runs little-endian here.
            samples.withUnsafeBytes { payload += $0 }
        case let .end(id, end):
            type = UInt8(ascii: "E")
            payload.append(le: id)
            switch end {
            case .completed: payload.append(0)
            case .aborted: payload.append(1)
            case let .failed(message):
                payload.append(2)
                payload += Array(message.utf8)
            }
        }
        var frame: [UInt8] = [type]
        frame.append(le: UInt32(payload.count))
        return frame + payload
    }

    /// Reads a frame from its type and payload; nil when the payload does not fit the type.
    init?(type: UInt8, payload: [UInt8]) {
        var reader = ByteReader(payload)
        switch type {
        case UInt8(ascii: "R"):
            guard let rate = reader.u32(), let count = reader.u16() else { return nil }
            var voices: [ESpeakCatalog.Voice] = []
            for _ in 0..<count {
                guard let name = reader.text(), let identifier = reader.text(), let languageCount = reader.u16() else { return nil }
                var languages: [String] = []
                for _ in 0..<languageCount {
                    guard let language = reader.text() else { return nil }
                    languages.append(language)
                }
                voices.append(ESpeakCatalog.Voice(name: name, languages: languages, identifier: identifier))
            }
            self = .ready(sampleRate: Int(rate), catalog: ESpeakCatalog(voices: voices))
        case UInt8(ascii: "S"):
            guard let id = reader.u32(), let rate = reader.u16(), let pitch = reader.u16(), let volume = reader.u16(),
                  let flags = reader.bytes(1)?.first, let voiceLength = reader.u16(), let voice = reader.bytes(Int(voiceLength)),
                  let voiceText = String(validating: voice, as: UTF8.self),
                  let text = String(validating: reader.rest(), as: UTF8.self) else { return nil }
            self = .synthesize(WorkerRequest(
                id: id, text: text, voice: voiceText, rate: Int(rate), pitch: Int(pitch), volume: Int(volume), isMarkup: flags & 1 != 0))
        case UInt8(ascii: "C"):
            guard let id = reader.u32() else { return nil }
            self = .cancel(id: id)
        case UInt8(ascii: "M"):
            guard let id = reader.u32(), let mark = reader.u32(), let sample = reader.u32() else { return nil }
            self = .mark(id: id, mark: mark, sample: sample)
        case UInt8(ascii: "A"):
            guard let id = reader.u32() else { return nil }
            let bytes = reader.rest()
            guard bytes.count % 2 == 0 else { return nil }
            var samples = [Int16](repeating: 0, count: bytes.count / 2)
            samples.withUnsafeMutableBytes { $0.copyBytes(from: bytes) }
            self = .audio(id: id, samples: samples)
        case UInt8(ascii: "E"):
            guard let id = reader.u32(), let code = reader.bytes(1)?.first else { return nil }
            switch code {
            case 0: self = .end(id: id, .completed)
            case 1: self = .end(id: id, .aborted)
            case 2: self = .end(id: id, .failed(String(decoding: reader.rest(), as: UTF8.self)))
            default: return nil
            }
        default:
            return nil
        }
    }
}

/// What the worker is asked to synthesize: the prepared text and the voice's settings.
struct WorkerRequest: Equatable {
    var id: UInt32
    var text: String
    var voice: String
    var rate: Int
    var pitch: Int
    var volume: Int
    /// The text is announcer's own eSpeak SSML (`SynthesisRequest.isMarkup`).
    var isMarkup = false
}

/// How the worker says a request ended.
enum WorkerEnd: Equatable {
    case completed
    case aborted
    /// eSpeak reported an error, in words.
    case failed(String)
}

/// Reads little-endian numbers and runs of bytes off a payload.
private struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, position + count <= bytes.count else { return nil }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func u16() -> UInt16? { bytes(2).map { UInt16($0[0]) | UInt16($0[1]) << 8 } }
    /// A string after its 2-byte length; a character cut by `append(text:)` is repaired.
    mutating func text() -> String? {
        guard let length = u16(), let bytes = bytes(Int(length)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
    mutating func u32() -> UInt32? { bytes(4).map { $0.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) } } }
    mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[position...])
    }
}

extension [UInt8] {
    mutating func append(le value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    /// A short string (a voice's name or a language code) as its 2-byte length and at most 65,535 bytes of UTF-8.
    mutating func append(text: String) {
        let utf8 = text.utf8.prefix(Int(UInt16.max))
        append(le: UInt16(utf8.count))
        self += utf8
    }
    mutating func append(le value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(value >> UInt32(shift) & 0xFF)) }
    }
}
