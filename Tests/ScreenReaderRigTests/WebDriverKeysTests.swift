import AnnouncerFlows
import Foundation
import Testing
@testable import ScreenReaderRig

/// AT Driver's keys are WebDriver's code points; each becomes the X key Orca hears.
@Suite struct WebDriverKeysTests {
    @Test("WebDriver's code points name Tab, Enter, Space, the arrows and the modifiers")
    func codePointsNameTheirKeys() {
        #expect(WebDriverKeys.key("\u{E004}") == .tab)
        #expect(WebDriverKeys.key("\u{E007}") == .enter)
        #expect(WebDriverKeys.key("\u{E00D}") == .space)
        #expect(WebDriverKeys.key("\u{E015}") == .arrowDown)
        #expect(WebDriverKeys.key("\u{E031}") == .function(1))
        #expect(WebDriverKeys.key("\u{E03C}") == .function(12))
        #expect(WebDriverKeys.key("a") == .character("a"))
    }

    @Test("A chord holds every key but the last as it presses the last, and a key WebDriver does not define is refused")
    func chordsAndRefusals() {
        #expect(WebDriverKeys.chord(["\u{E008}", "\u{E004}"]) == KeyChord(modifiers: [.shift], key: .tab))
        #expect(WebDriverKeys.chord(["\u{E0FF}"]) == nil)
        #expect(WebDriverKeys.chord(["ab"]) == nil)
        #expect(WebDriverKeys.chord([]) == nil)
    }
}

/// Orca is started with settings of announce's own, in its own JSON backend's format.
@Suite struct OrcaSettingsTests {
    @Test("Key echo is off unless asked for, and the rate is Orca's own, in both general and the default profile")
    func settingsFileHasKeyEchoAndRate() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: OrcaSettings(keyEcho: false, rate: 70).json) as? [String: Any])
        let general = try #require(json["general"] as? [String: Any])
        #expect(general["enableKeyEcho"] as? Bool == false)
        #expect(((general["voices"] as? [String: Any])?["default"] as? [String: Any])?["rate"] as? Int == 70)
        let profile = try #require((json["profiles"] as? [String: Any])?["default"] as? [String: Any])
        #expect(profile["enableKeyEcho"] as? Bool == false)
        #expect(general["firstStart"] as? Bool == false)
        let echoing = try #require(try JSONSerialization.jsonObject(with: OrcaSettings(keyEcho: true).json) as? [String: Any])
        #expect((echoing["general"] as? [String: Any])?["enableKeyEcho"] as? Bool == true)
    }

    @Test("A missing program is one sentence naming its Debian package")
    func missingProgramNamesThePackage() {
        #expect(RigError.missingProgram(program: "Xvfb", package: "xvfb").description
            == "Xvfb is not installed; install the Debian package xvfb (scripts/install-deps does).")
    }
}
