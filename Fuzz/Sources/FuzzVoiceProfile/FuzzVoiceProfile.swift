// Fuzzes voice profile files: the input, as YAML text, is read over the shipped profiles as a user's
// `en.yaml` would be (VoiceLibrary.apply(yaml:file:)). A file that loads is then used: a few sentences
// with times, dates, addresses, numbers and marks are prepared at every level and spelled.
// Asserts: no crash or hang; a refused file names at least one problem, each a sentence; a refused
// file changes nothing; prepared text keeps the phoneme rule of FuzzPrepare, with the phoneme runs
// the file itself gives allowed, and its length rule, with the file's longest name or replacement
// allowed per input byte on top.
import AnnouncerCore
import AnnouncerVoices
import FuzzSupport

private let sentences = [
    "Meeting at 14:30 on 12.03.2025, mail kari@example.no or see https://nav.no/ny?x=1 – 1 234 567 kr!",
    "Dr. Hansen's PIN: [[x]] 3/4 & 50 % … «NHF» BankID, ca. kl. 07.15",
    "A",
]

/// The entry point SwiftPM links as `main`: libFuzzer's driver, with this harness.
@_cdecl("FuzzVoiceProfile_main")
public func fuzzVoiceProfileMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzVoiceProfile)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVoiceProfile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let yaml = String(decoding: fuzzInput(data, size), as: UTF8.self)
    var library = shippedVoices
    let problems = library.apply(yaml: yaml, file: "user/en.yaml")
    if !problems.isEmpty {
        if problems.contains(where: { $0.message.isEmpty }) { fuzzFailure("a problem without a message: \(problems)") }
        if library.profiles != shippedVoices.profiles { fuzzFailure("a refused file changed the profiles") }
        return 0
    }
    if library.profiles == shippedVoices.profiles, !yaml.contains(where: { !$0.isWhitespace }) {
        fuzzFailure("an empty file was accepted without a problem")
    }
    for profile in library.profiles.values where profile.sources.last == "user/en.yaml" {
        let allowed = allowedPhonemeRuns(of: profile)
        let perByte = perByteBound(of: profile)
        for sentence in sentences {
            for mode in preparationModes {
                let prepared = profile.prepare(sentence, spelled: mode.spelled, punctuationLevel: mode.level)
                checkPrepared(prepared, from: sentence, profile: profile, allowed: allowed, mode: mode.name, perByte: perByte)
            }
        }
    }
    return 0
}
