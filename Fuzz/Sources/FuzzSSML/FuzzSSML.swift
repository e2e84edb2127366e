// Fuzzes the SSML reader: the input is one SPEAK body as a client sends it with SSML on (invalid
// UTF-8 repaired, as the server's line reader does). Asserts, beyond no crash: every mark name in the
// script was in the input (checked where no reference could have made it) and no more marks come out
// than `<mark` tags went in; no mark is left inside a sound's fallback; no tag is read aloud (for input
// where every `<` begins a tag and nothing is escaped or in CDATA, the plain text has no `<`); the
// parts are bounded, their text not empty and its whitespace one space between words (by Unicode
// scalar), pauses between zero and 10 s, rate, pitch and volume finite and within their ranges; a
// script with a problem is one run of plain text, and the problem is one sentence with no control
// character.
import AnnouncerCore
import FuzzSupport
import SSMLReading

private let reader = SSMLReader(voiceNamed: { name in
    switch name {
    case "English": .english
    case "Norsk bokmål": .norwegianBokmal
    default: nil
    }
})

/// The entry point SwiftPM links as `main`: libFuzzer's driver, with this harness.
@_cdecl("FuzzSSML_main")
public func fuzzSSMLMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzSSML)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let markup = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let script = reader.read(markup)
    let bytes = Array(markup.utf8)

    let names = script.markNames
    if names.count > occurrences(of: Array("<mark".utf8), in: bytes) {
        fuzzFailure("\(names.count) marks came out of \(occurrences(of: Array("<mark".utf8), in: bytes)) <mark tags")
    }
    for name in names {
        if name.isEmpty || name.utf8.count > SSMLReader.maxMarkNameBytes { fuzzFailure("a mark name of \(name.utf8.count) bytes") }
        if !bytes.contains(UInt8(ascii: "&")), occurrences(of: Array(name.utf8), in: bytes) == 0 {
            fuzzFailure("the mark name \(name.debugDescription) is not in the input")
        }
    }

    if tagsOnly(bytes), script.plainText.unicodeScalars.contains("<") {
        fuzzFailure("a tag was read aloud: \(script.plainText.debugDescription)")
    }

    var count = 0
    check(script.parts, inFallback: false, count: &count)
    if count > SSMLReader.maxParts { fuzzFailure("\(count) parts, over the limit of \(SSMLReader.maxParts)") }

    if let problem = script.problem {
        if script.parts.count > 1 { fuzzFailure("a script with a problem has \(script.parts.count) parts") }
        if let part = script.parts.first, case .text(_, .plain) = part {} else if !script.parts.isEmpty {
            fuzzFailure("a script with a problem is not plain text: \(script.parts)")
        }
        if !problem.hasPrefix("The SSML could not be read (") || !problem.hasSuffix(".")
            || problem.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            fuzzFailure("the problem is not one plain sentence: \(problem.debugDescription)")
        }
    }
    return 0
}

private func check(_ parts: [SpeechPart], inFallback: Bool, count: inout Int) {
    for part in parts {
        count += 1
        switch part {
        case let .text(text, style):
            // By Unicode scalar: a lone combining mark after a space joins it into a Character that
            // Swift counts as whitespace.
            let scalars = Array(text.unicodeScalars)
            let blank = scalars.map(\.properties.isWhitespace)
            if scalars.isEmpty || blank.first == true || blank.last == true || zip(blank, blank.dropFirst()).contains(where: { $0 && $1 })
                || scalars.contains(where: { $0.properties.isWhitespace && $0 != " " }) {
                fuzzFailure("a text part is empty, untrimmed or not collapsed: \(text.debugDescription)")
            }
            let ranges = [(style.rate, 0.25...4.0), (style.pitch, 0.25...4.0), (style.volume, 0.0...4.0)]
            for (value, range) in ranges where !value.isFinite || !range.contains(value) {
                fuzzFailure("a style value \(value) outside \(range): \(style)")
            }
        case .mark:
            if inFallback { fuzzFailure("a mark inside a sound's fallback") }
        case let .pause(duration):
            if duration <= .zero || duration > SSMLReader.maxPause { fuzzFailure("a pause of \(duration)") }
        case let .sound(name, fallback):
            if name.isEmpty { fuzzFailure("a sound with no name") }
            if fallback.isEmpty { fuzzFailure("a sound with no fallback to speak") }
            check(fallback, inFallback: true, count: &count)
        case let .tone(hertz, duration):
            if !SSMLReader.hearing.contains(hertz) || duration <= .zero || duration > SSMLReader.maxPause {
                fuzzFailure("a tone of \(hertz) Hz for \(duration)")
            }
        }
    }
}

/// Whether every `<` in the input begins a tag, a closing tag, a comment, a declaration or a
/// processing instruction, and nothing could decode to `<`: no `&lt;`, no numeric reference, no CDATA.
private func tagsOnly(_ bytes: [UInt8]) -> Bool {
    for escape in ["&lt;", "&#", "CDATA"] where occurrences(of: Array(escape.utf8), in: bytes) > 0 { return false }
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "<") {
        guard index + 1 < bytes.count else { return false }
        switch bytes[index + 1] {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), 0x80...,
             UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?"):
            continue
        default:
            return false
        }
    }
    return true
}

private func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
    guard !needle.isEmpty, needle.count <= haystack.count else { return 0 }
    var found = 0
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if haystack[start..<(start + needle.count)].elementsEqual(needle) { found += 1 }
    }
    return found
}
