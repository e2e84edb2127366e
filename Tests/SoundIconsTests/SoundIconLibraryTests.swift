import Foundation
import SoundIcons
import Testing

/// A client names a sound icon; the library finds it in the folders, in order, and hands back PCM at
/// the speech rate, or a problem that says whether to speak the name instead.
@Suite struct SoundIconLibraryTests {
    let rate = 22_050

    @Test("A name is found as given, and with .wav added")
    func nameIsFoundAsGivenOrWithWav() throws {
        let folder = try SoundFolder()
        try folder.addTone("bell.wav", seconds: 0.1)
        try folder.addTone("chime", seconds: 0.2)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        #expect(try library.sound(named: "bell", sampleRate: rate).get().count == 2_205)
        #expect(try library.sound(named: "bell.wav", sampleRate: rate).get().count == 2_205)
        #expect(try library.sound(named: "chime", sampleRate: rate).get().count == 4_410)
    }

    @Test("The sound comes at the rate asked for, at its own pitch")
    func soundIsResampledToTheSpeechRate() throws {
        let folder = try SoundFolder()
        try folder.addTone("tone.wav", frequency: 440, seconds: 1, sampleRate: 16_000)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        for rate in [16_000, 22_050, 48_000] {
            let samples = try library.sound(named: "tone", sampleRate: rate).get()
            #expect(samples.count == rate)
            #expect(abs(frequencyByZeroCrossings(samples, sampleRate: rate) - 440) <= 4.4)
        }
    }

    @Test("The first folder in order that has the name wins, whether as given or with .wav")
    func firstFolderWins() throws {
        let first = try SoundFolder("first"), second = try SoundFolder("second")
        try first.addTone("bell.wav", frequency: 440, seconds: 1)
        try second.addTone("bell", frequency: 880, seconds: 1)
        let samples = try SoundIconLibrary(folders: SoundIconFolders([first.path, second.path])).sound(named: "bell", sampleRate: 16_000).get()
        #expect(abs(frequencyByZeroCrossings(samples, sampleRate: 16_000) - 440) <= 4.4)
        let reversed = try SoundIconLibrary(folders: SoundIconFolders([second.path, first.path])).sound(named: "bell", sampleRate: 16_000).get()
        #expect(abs(frequencyByZeroCrossings(reversed, sampleRate: 16_000) - 880) <= 8.8)
    }

    @Test("A folder that does not exist is passed over")
    func missingFolderIsPassedOver() throws {
        let folder = try SoundFolder()
        try folder.addTone("bell.wav")
        let library = SoundIconLibrary(folders: SoundIconFolders(["/nonexistent/sounds", folder.path]))
        #expect(throws: Never.self) { try library.sound(named: "bell", sampleRate: rate).get() }
    }

    @Test("A name found nowhere is notFound, for the caller to speak the name, and says where it looked")
    func missingNameIsNotFound() throws {
        let folder = try SoundFolder()
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        let result = library.sound(named: "bell", sampleRate: rate)
        #expect(result.failure == .notFound("bell", searched: [folder.path]))
        #expect(result.failure?.isNotFound == true)
        #expect(result.failure?.description == "No sound icon is named \"bell\" in \(folder.path).")
    }

    @Test("A name found but unreadable is not notFound, and its sentence names the icon, the file and why")
    func unreadableIconIsDistinctFromNotFound() throws {
        let folder = try SoundFolder()
        let path = try folder.addMuLaw("bell.wav")
        let problem = try #require(SoundIconLibrary(folders: SoundIconFolders([folder.path])).sound(named: "bell", sampleRate: rate).failure)
        #expect(!problem.isNotFound)
        #expect(problem.description == "The sound icon \"bell\" (\(path)) is not a WAV file announcer can read: it is compressed with µ-law.")
    }

    static let refusedNames: [(String, SoundIconProblem.NameRefusal)] = [
        ("", .empty), ("a/b", .containsSlash), ("/etc/passwd", .containsSlash), ("../bell", .containsSlash),
        ("..", .startsWithDot), (".", .startsWithDot), (".hidden", .startsWithDot),
        ("bell\u{0}.wav", .containsControlCharacter), ("bell\n", .containsControlCharacter), ("\u{1B}[2J", .containsControlCharacter),
        (String(repeating: "é", count: 128), .tooLong(bytes: 256)),
    ]

    @Test("A name that could be a path, or could not be a file's name, is refused in one sentence", arguments: refusedNames)
    func pathLikeNamesAreRefused(name: String, refusal: SoundIconProblem.NameRefusal) throws {
        let folder = try SoundFolder()
        let problem = try #require(SoundIconLibrary(folders: SoundIconFolders([folder.path])).sound(named: name, sampleRate: rate).failure)
        #expect(problem == .refusedName(name, refusal))
        #expect(!problem.isNotFound)
        #expect(problem.description.hasPrefix("The sound icon name \""))
        #expect(!problem.description.contains("\n") && !problem.description.contains("\u{0}") && !problem.description.contains("\u{1B}"))
    }

    @Test("Names with dots inside, at the 255-byte limit, or in other scripts are looked up", arguments: [
        "a..b", "bell.wav", "klokke-æøå", String(repeating: "x", count: 251),
    ])
    func ordinaryNamesAreLookedUp(name: String) throws {
        let folder = try SoundFolder()
        let result = SoundIconLibrary(folders: SoundIconFolders([folder.path])).sound(named: name, sampleRate: rate)
        #expect(result.failure?.isNotFound == true)
    }

    @Test("A symbolic link inside the folders is followed, within a folder or to another")
    func linksWithinTheFoldersAreFollowed() throws {
        let first = try SoundFolder("first"), second = try SoundFolder("second")
        try first.addTone("cembalo-6.wav", seconds: 0.1)
        try first.link("at", to: "cembalo-6.wav")
        try second.addTone("pling.wav", seconds: 0.2)
        try first.link("pling-link.wav", to: "\(second.path)/pling.wav")
        let library = SoundIconLibrary(folders: SoundIconFolders([first.path, second.path]))
        #expect(try library.sound(named: "at", sampleRate: rate).get().count == 2_205)
        #expect(try library.sound(named: "pling-link", sampleRate: rate).get().count == 4_410)
    }

    @Test("A symbolic link that leads outside the folders is refused, naming where it leads")
    func linkLeadingOutsideIsRefused() throws {
        let folder = try SoundFolder(), outside = try SoundFolder("outside")
        let secret = try outside.addTone("secret.wav")
        try folder.link("bell.wav", to: secret)
        try folder.link("passwd", to: "../../../../../../../etc/passwd")
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        let problem = library.sound(named: "bell", sampleRate: rate).failure
        #expect(problem == .outsideFolders("bell", path: "\(folder.path)/bell.wav", target: secret))
        #expect(problem?.isNotFound == false)
        #expect(problem?.description.contains(secret) == true)
        #expect(library.sound(named: "passwd", sampleRate: rate).failure == .outsideFolders("passwd", path: "\(folder.path)/passwd", target: "/etc/passwd"))
    }

    @Test("A dangling link is as if nothing were there, so a later folder's sound is found")
    func danglingLinkIsPassedOver() throws {
        let first = try SoundFolder("first"), second = try SoundFolder("second")
        try first.link("bell.wav", to: "gone.wav")
        try second.addTone("bell.wav")
        let library = SoundIconLibrary(folders: SoundIconFolders([first.path, second.path]))
        #expect(throws: Never.self) { try library.sound(named: "bell", sampleRate: rate).get() }
    }

    @Test("A file that changes is read again")
    func changedFileIsReadAgain() throws {
        let folder = try SoundFolder()
        try folder.addTone("bell.wav", seconds: 0.1)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        #expect(try library.sound(named: "bell", sampleRate: rate).get().count == 2_205)
        try folder.addTone("bell.wav", seconds: 0.3)
        #expect(try library.sound(named: "bell", sampleRate: rate).get().count == 6_615)
        try folder.addMuLaw("bell.wav")
        #expect(library.sound(named: "bell", sampleRate: rate).failure?.isNotFound == false)
    }

    @Test("An unchanged file is not read again: the sound comes from the cache")
    func unchangedFileComesFromTheCache() throws {
        let folder = try SoundFolder()
        let path = try folder.addTone("bell.wav", frequency: 440, seconds: 0.5)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        let first = try library.sound(named: "bell", sampleRate: rate).get()
        // Rewrite the bytes in place, same size, same inode, and put the time back: only a cache explains the old sound.
        var status = stat()
        try #require(stat(path, &status) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 44)
        try handle.write(contentsOf: Data(count: 16_000))
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try library.sound(named: "bell", sampleRate: rate).get() == first)
        // A new library has no cache, and hears the silence.
        let fresh = try SoundIconLibrary(folders: SoundIconFolders([folder.path])).sound(named: "bell", sampleRate: rate).get()
        #expect(fresh != first)
    }

    @Test("Many threads may ask at once, and all get the same sound")
    func concurrentLookupsAgree() async throws {
        let folder = try SoundFolder()
        try folder.addTone("bell.wav", seconds: 0.2)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { (try? library.sound(named: "bell", sampleRate: 22_050).get().count) ?? -1 } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 4_410, count: 16))
    }

    @Test("The available names are sorted, each once, without .wav, and only those a client could play")
    func availableNamesListWhatCanBePlayed() throws {
        let first = try SoundFolder("first"), second = try SoundFolder("second"), outside = try SoundFolder("outside")
        try first.addTone("bell.wav")
        try first.link("capital", to: "bell.wav")
        try second.addTone("bell.wav")
        try second.addTone("alarm.wav")
        try second.add("README.txt", bytes: Array("about these sounds".utf8))
        try second.addTone(".hidden.wav")
        try FileManager.default.createDirectory(atPath: "\(second.path)/folder", withIntermediateDirectories: false)
        try second.link("escape.wav", to: try outside.addTone("secret.wav"))
        let library = SoundIconLibrary(folders: SoundIconFolders([first.path, second.path, "/nonexistent"]))
        #expect(library.availableNames() == ["alarm", "bell", "capital"])
    }
}

extension Result {
    var failure: Failure? {
        if case let .failure(failure) = self { return failure }
        return nil
    }
}
