import Foundation
import SoundIcons
import Testing

let debianSoundIconsInstalled = FileManager.default.fileExists(atPath: SoundIconFolders.debianSoundIcons)

/// Every icon of Debian's sound-icons package, the ones Speech Dispatcher's clients name, plays.
@Suite(.enabled(if: debianSoundIconsInstalled, "Debian's sound-icons package is not installed (CI installs it)"))
struct DebianSoundIconsTests {
    @Test("Every file in /usr/share/sounds/sound-icons, its aliases included, decodes at the speech rate")
    func everyDebianSoundIconDecodes() throws {
        let library = SoundIconLibrary(folders: SoundIconFolders([SoundIconFolders.debianSoundIcons]))
        let files = try FileManager.default.contentsOfDirectory(atPath: SoundIconFolders.debianSoundIcons).sorted()
        try #require(!files.isEmpty)
        for file in files {
            let result = library.sound(named: file, sampleRate: 22_050)
            #expect(throws: Never.self, "\(file)") { try result.get() }
            let samples = (try? result.get()) ?? []
            #expect(!samples.isEmpty && samples.contains { $0 != 0 }, "\(file) is silent")
        }
    }

    @Test("Speech Dispatcher's names for them, such as capital and message, are available without .wav")
    func speechDispatcherNamesAreAvailable() {
        let names = SoundIconLibrary(folders: SoundIconFolders([SoundIconFolders.debianSoundIcons])).availableNames()
        for name in ["capital", "message", "start", "finish", "prompt", "cembalo-6"] { #expect(names.contains(name), "\(name)") }
        #expect(!names.contains { $0.hasSuffix(".wav") })
    }
}
