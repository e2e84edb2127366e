import Foundation
import SoundIcons
import Testing

/// SSML's `<audio src>` plays a sound icon by name or a file inside the sound-icon folders, and
/// nothing else: anything else is notAllowed, and the caller speaks the element's fallback text.
@Suite struct SoundIconSourceTests {
    let rate = 22_050

    @Test("A bare name is looked up as a sound icon")
    func bareNameIsASoundIcon() throws {
        let folder = try SoundFolder()
        try folder.addTone("bell.wav")
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        #expect(try library.sound(forSource: "bell", sampleRate: rate).get().count == 2_205)
        #expect(library.sound(forSource: "gong", sampleRate: rate).failure?.isNotFound == true)
    }

    @Test("An absolute path or file: URL inside a folder is played, percent-escapes decoded")
    func pathOrFileURLInsideIsPlayed() throws {
        let folder = try SoundFolder()
        let path = try folder.addTone("door bell.wav")
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        let escaped = try #require(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        for source in [path, "file://\(escaped)", "file://localhost\(escaped)", "file:\(escaped)"] {
            #expect(try library.sound(forSource: source, sampleRate: rate).get().count == 2_205, "\(source)")
        }
    }

    @Test("A path inside a folder where nothing is is missing, for the fallback, not refused")
    func missingFileInsideIsMissing() throws {
        let folder = try SoundFolder()
        let result = SoundIconLibrary(folders: SoundIconFolders([folder.path])).sound(forSource: "\(folder.path)/gong.wav", sampleRate: rate)
        #expect(result.failure == .missingFile("\(folder.path)/gong.wav"))
        #expect(result.failure?.isNotFound == true)
    }

    @Test("Remote addresses, relative paths and files outside the folders are not allowed, in one sentence", arguments: [
        "http://example.com/bell.wav", "https://example.com/bell.wav", "data:audio/wav;base64,UklGRg==", "mailto:a",
        "sounds/bell.wav", "./bell.wav", "/etc/passwd", "/nonexistent/bell.wav", "file:///etc/passwd", "file://host/bell.wav",
    ])
    func sourcesOutsideAreNotAllowed(source: String) throws {
        let folder = try SoundFolder()
        let problem = try #require(SoundIconLibrary(folders: SoundIconFolders([folder.path])).sound(forSource: source, sampleRate: rate).failure)
        #expect(problem == .notAllowed(source, folders: [folder.path]))
        #expect(!problem.isNotFound)
        #expect(problem.description.hasPrefix("The audio source \"\(source)\" is not played:") && problem.description.contains(folder.path))
    }

    @Test("A path that climbs out of a folder with .., or a link out of it, is not allowed")
    func escapingPathsAreNotAllowed() throws {
        let folder = try SoundFolder(), outside = try SoundFolder("outside")
        let secret = try outside.addTone("secret.wav")
        try folder.link("link.wav", to: secret)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        let climbing = "\(folder.path)/../\(URL(fileURLWithPath: outside.path).lastPathComponent)/secret.wav"
        for source in [climbing, "\(folder.path)/link.wav", "\(folder.path)/../../../../etc/passwd"] {
            #expect(library.sound(forSource: source, sampleRate: rate).failure == .notAllowed(source, folders: [folder.path]), "\(source)")
        }
    }

    @Test("A path with a NUL in it is not allowed, so C never sees a shorter path than was checked")
    func pathWithNULIsNotAllowed() throws {
        let folder = try SoundFolder()
        try folder.addTone("bell.wav")
        let source = "\(folder.path)/bell.wav\u{0}/../../etc/passwd"
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        #expect(library.sound(forSource: source, sampleRate: rate).failure == .notAllowed(source, folders: [folder.path]))
    }
}
