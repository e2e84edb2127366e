import AnnouncerCore
import Testing

/// Reading language codes and the default from LANG.
@Suite struct LanguageTests {
    @Test("Codes are read ignoring case, region and encoding; no and nb_NO give Bokmål")
    func codesAreNormalized() {
        #expect(Language(code: "EN-gb") == .english)
        #expect(Language(code: "nb_NO.UTF-8") == .norwegianBokmal)
        #expect(Language(code: "no_NO") == .norwegianBokmal)
        #expect(Language(code: "sv")?.rawValue == "sv")
    }

    @Test("What is not a language code is refused")
    func nonCodesAreRefused() {
        #expect(Language(code: "") == nil)
        #expect(Language(code: "C") == nil)
        #expect(Language(code: "english") == nil)
        #expect(Language(code: "e1") == nil)
    }

    @Test("LANG gives the default: nb_NO and no_NO give nb; C, POSIX or nothing give English")
    func localeGivesDefault() {
        #expect(Language(locale: "nb_NO.UTF-8") == .norwegianBokmal)
        #expect(Language(locale: "no_NO.UTF-8") == .norwegianBokmal)
        #expect(Language(locale: "C.UTF-8") == .english)
        #expect(Language(locale: "POSIX") == .english)
        #expect(Language(locale: nil) == .english)
    }
}
