// Fuzzes text preparation with the shipped profiles: the input, as UTF-8 text (invalid bytes repaired,
// as no client text reaches it otherwise), goes through VoiceProfile.prepare for English and Norwegian
// Bokmål at each punctuation level and spelled: the normalizer, the lexicon, spelling and punctuation.
// Asserts: no crash; no hang (libFuzzer's -timeout); every "[[" in the result begins one of the
// profile's own phoneme runs, so a client can never send eSpeak phonemes; the result is at most
// 64 bytes per input byte plus 256.
import AnnouncerCore
import AnnouncerVoices
import FuzzSupport

private let profiles = [shippedVoices.profile(for: .english)!, shippedVoices.profile(for: .norwegianBokmal)!]
private let allowed = profiles.map(allowedPhonemeRuns(of:))

/// The entry point SwiftPM links as `main`: libFuzzer's driver, with this harness.
@_cdecl("FuzzPrepare_main")
public func fuzzPrepareMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzPrepare)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPrepare(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    for (profile, allowed) in zip(profiles, allowed) {
        for mode in preparationModes {
            let prepared = profile.prepare(text, spelled: mode.spelled, punctuationLevel: mode.level)
            checkPrepared(prepared, from: text, profile: profile, allowed: allowed, mode: mode.name)
        }
    }
    return 0
}
