import AnnouncerCore
import AnnouncerVoices
import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif

/// The shipped voice profiles (Voices/en.yaml, Voices/nb.yaml), read once per process.
/// They are found through the source tree the harness was built from, or `$ANNOUNCER_SHIPPED_VOICES`.
public let shippedVoices: VoiceLibrary = {
    let library = VoiceLibrary.standard(environment: ["ANNOUNCER_SHIPPED_VOICES": shippedVoicesDirectory()])
    guard library.problems.isEmpty, library.profile(for: .english) != nil, library.profile(for: .norwegianBokmal) != nil else {
        fuzzFailure("the shipped voice profiles did not load: \(library.problems.map(\.description))")
    }
    return library
}()

private func shippedVoicesDirectory() -> String {
    if let chosen = getenv("ANNOUNCER_SHIPPED_VOICES").map({ String(cString: $0) }), !chosen.isEmpty { return chosen }
    // This file is Fuzz/Sources/FuzzSupport/FuzzSupport.swift; the profiles are in Voices/ beside Fuzz/.
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/") + "/Voices"
}

/// Reports a broken invariant and aborts, so libFuzzer saves the input as a crash.
public func fuzzFailure(_ message: String) -> Never {
    let line = Array("FUZZ INVARIANT BROKEN: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// The input as the lines a line framer hands on: split at LF, a CR before the LF removed. The last
/// line counts even without its LF (the server would wait for it), unless it is empty.
public func fuzzLines(_ data: UnsafeBufferPointer<UInt8>) -> [ArraySlice<UInt8>] {
    let bytes = Array(data)
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
}

/// The `[[…]]` runs a profile may hand eSpeak itself: its lexicon's phoneme replacements and the
/// phonemes inside its spelling names and capital template (spelled text and named punctuation use those).
public func allowedPhonemeRuns(of profile: VoiceProfile) -> [[UInt8]] {
    var runs = Set<[UInt8]>()
    let sources = profile.lexicon.entries.values.map(\.replacement) + profile.spelling.characterNames.values
        + [profile.spelling.capital]
    for source in sources where source.contains("[[") {
        for case let .phonemes(run) in PhonemeSegments.split(source) { runs.insert(Array(run.utf8)) }
    }
    return runs.sorted { $0.count > $1.count }
}

/// How much longer prepared text may be than what the client sent: 64 bytes out per byte in, plus
/// 256. The longest honest expansions are a spelled character with a long Unicode name and a named
/// punctuation mark; far beyond that, one request could make the synthesizer work for minutes.
public func preparedLengthBound(inputBytes: Int, perByte: Int = 64) -> Int { perByte * inputBytes + 256 }

/// For a profile file from the fuzzer: 64 bytes per input byte, plus twice the longest text the file
/// may put in for one character or word (a name, the capital template, a separator, a replacement),
/// since a long name is the author's choice, not absurd expansion.
public func perByteBound(of profile: VoiceProfile) -> Int {
    let texts = profile.lexicon.entries.values.map(\.replacement) + profile.spelling.characterNames.values
        + [profile.spelling.capital, profile.spelling.separator]
    return 64 + 2 * (texts.map(\.utf8.count).max() ?? 0)
}

/// Checks what `prepare` made of `input`: every `[[` eSpeak would see starts one of the profile's
/// own phoneme runs, and the output is not absurdly longer than the input.
public func checkPrepared(_ output: String, from input: String, profile: VoiceProfile, allowed: [[UInt8]], mode: String, perByte: Int = 64) {
    let bytes = Array(output.utf8)
    let bound = preparedLengthBound(inputBytes: input.utf8.count, perByte: perByte)
    if bytes.count > bound {
        fuzzFailure("\(profile.language) \(mode): \(input.utf8.count) bytes in became \(bytes.count) out, over the bound \(bound)")
    }
    var index = 0
    while index + 1 < bytes.count {
        guard bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "[") else { index += 1; continue }
        guard let run = allowed.first(where: { bytes[index...].starts(with: $0) }) else {
            let context = String(decoding: bytes[max(0, index - 20)..<min(bytes.count, index + 20)], as: UTF8.self)
            fuzzFailure("\(profile.language) \(mode): a [[ that is not the profile's own phonemes reaches eSpeak at byte \(index): \(context.debugDescription) (input \(input.debugDescription))")
        }
        index += run.count
    }
}

/// The modes `prepare` is run in for every input: each punctuation level, and spelled.
public let preparationModes: [(name: String, spelled: Bool, level: PunctuationLevel)] =
    PunctuationLevel.allCases.map { ("punctuation \($0.rawValue)", false, $0) } + [("spelled", true, .some)]

/// What libFuzzer calls with each input.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer with the process's arguments; each harness's `<Module>_main` returns this.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: FuzzCallback) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}

/// The input as a buffer; libFuzzer may pass no pointer for an empty input.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size > 0 ? size : 0)
}
