import Foundation
import Synchronization
import Testing
@testable import SoundIcons

/// Sounds are decoded on the library's own thread: a request is answered from the file's header, and
/// the speech that waits for a sound gives up as soon as it is cut.
@Suite struct SoundIconDecoderTests {
    let rate = 22_050

    @Test("check refuses an unplayable file at once, from its header, and names it")
    func checkRefusesFromTheHeader() throws {
        let folder = try SoundFolder()
        try folder.addMuLaw("ulaw.wav")
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        let problem = try #require(library.check(named: "ulaw", sampleRate: rate).failure)
        #expect(problem.description.contains("µ-law"))
        #expect(problem.description.contains("ulaw"))
    }

    @Test("check accepts a playable file, and the speech then gets the sound the decoding ahead made")
    func checkDecodesAhead() throws {
        let folder = try SoundFolder()
        try folder.addTone("bell.wav", seconds: 2, sampleRate: 48_000)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        #expect(throws: Never.self) { try library.check(named: "bell", sampleRate: rate).get() }
        let samples = try library.sound(named: "bell", sampleRate: rate).get()
        #expect(samples.count == 2 * rate)
    }

    @Test("A name found nowhere is still notFound from check, for the caller to speak the name")
    func checkOfAMissingNameIsNotFound() throws {
        let folder = try SoundFolder()
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        #expect(library.check(named: "bell", sampleRate: rate).failure?.isNotFound == true)
    }

    @Test("A file that passes its header check and fails to decode is refused by check afterwards, without being read again")
    func aFailedDecodingIsRemembered() throws {
        let folder = try SoundFolder()
        // A data chunk whose size says more than the file holds and a length past the limit only the
        // whole file shows: a LIST chunk longer than the header read puts fmt beyond it.
        var body = Array("WAVE".utf8)
        body += Array("LIST".utf8) + SoundFolder.littleEndian(UInt32(70_000)) + [UInt8](repeating: 0x20, count: 70_000)
        body += Array("fmt ".utf8) + SoundFolder.littleEndian(UInt32(16)) + SoundFolder.littleEndian(UInt16(7))
            + SoundFolder.littleEndian(UInt16(1)) + SoundFolder.littleEndian(UInt32(8_000)) + SoundFolder.littleEndian(UInt32(8_000))
            + SoundFolder.littleEndian(UInt16(1)) + SoundFolder.littleEndian(UInt16(8))
        body += Array("data".utf8) + SoundFolder.littleEndian(UInt32(800)) + [UInt8](repeating: 0xFF, count: 800)
        try folder.add("hidden.wav", bytes: Array("RIFF".utf8) + SoundFolder.littleEndian(UInt32(body.count)) + body)
        let library = SoundIconLibrary(folders: SoundIconFolders([folder.path]))
        // The header is beyond what check reads: it cannot refuse yet.
        #expect(throws: Never.self) { try library.check(named: "hidden", sampleRate: rate).get() }
        // The whole read refuses it, and check remembers that.
        #expect(library.sound(named: "hidden", sampleRate: rate).failure?.description.contains("µ-law") == true)
        #expect(library.check(named: "hidden", sampleRate: rate).failure?.description.contains("µ-law") == true)
    }

    @Test("Speech waiting for a sound gives up as soon as it is cut")
    func waitingGivesUpWhenCut() {
        let job = SoundIconDecoder.Job()
        let cut = Atomic(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) { cut.store(true, ordering: .relaxed) }
        #expect(job.wait(isCancelled: { cut.load(ordering: .relaxed) }) == nil)
        #expect(!job.isFinished)
    }

    @Test("Every waiter for one decoding gets its result")
    func everyWaiterGetsTheResult() async {
        let job = SoundIconDecoder.Job()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) { job.finish(.success([1, 2, 3])) }
        async let first = Task.detached { job.wait(isCancelled: { false }) }.value
        async let second = Task.detached { job.wait(isCancelled: { false }) }.value
        let results = await [first, second]
        #expect(results.map { try? $0?.get() } == [[1, 2, 3], [1, 2, 3]])
    }

    @Test("A file asked for while it is being decoded is decoded once")
    func oneDecodingPerFile() throws {
        let folder = try SoundFolder()
        let path = try folder.addTone("long.wav", seconds: 10, sampleRate: 48_000)
        let decoder = SoundIconDecoder()
        let key = SoundIconCache.Key(realPath: path, version: try #require(ResolvedFile.resolve(path)).version, sampleRate: rate)
        let finished = Mutex(0)
        let first = decoder.decode(key, path: path) { _ in finished.withLock { $0 += 1 } }
        let second = decoder.decode(key, path: path) { _ in finished.withLock { $0 += 1 } }
        #expect(first === second)
        let samples = try #require(try first?.wait(isCancelled: { false })?.get())
        #expect(samples.count == 10 * rate)
        #expect(finished.withLock { $0 } == 1)
    }

    @Test("The cache keeps the most recently used sounds within its bytes, and a failure apart from them")
    func cacheIsBoundedInBytes() throws {
        var cache = SoundIconCache(limit: 1_000)
        func key(_ name: String) -> SoundIconCache.Key {
            SoundIconCache.Key(realPath: "/s/\(name)", version: ResolvedFile.Version(device: 1, inode: 1, size: 1, modifiedSeconds: 0, modifiedNanoseconds: 0), sampleRate: rate)
        }
        cache.insert([Int16](repeating: 0, count: 200), for: key("a"))
        cache.insert([Int16](repeating: 0, count: 200), for: key("b"))
        _ = cache.lookup(key("a"))
        cache.insert([Int16](repeating: 0, count: 200), for: key("c"))
        #expect(cache.bytes == 800)
        #expect(cache.contains(key("a")) && cache.contains(key("c")) && !cache.contains(key("b")))
    }
}
