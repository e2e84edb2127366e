@testable import SoundIcons
import Testing

/// The cache keeps decoded sounds within its byte budget, letting the least recently used go first.
@Suite struct SoundIconCacheTests {
    func key(_ path: String, size: Int64 = 1, rate: Int = 22_050) -> SoundIconCache.Key {
        SoundIconCache.Key(
            realPath: path, version: .init(device: 1, inode: 1, size: size, modifiedSeconds: 0, modifiedNanoseconds: 0), sampleRate: rate)
    }

    @Test("Beyond the budget the least recently used sound is let go, not the one just used")
    func leastRecentlyUsedGoesFirst() {
        var cache = SoundIconCache(limit: 300)
        cache.insert(Array(repeating: 1, count: 50), for: key("/a"))
        cache.insert(Array(repeating: 2, count: 50), for: key("/b"))
        cache.insert(Array(repeating: 3, count: 50), for: key("/c"))
        #expect(cache.samples(for: key("/a")) != nil)
        cache.insert(Array(repeating: 4, count: 50), for: key("/d"))
        #expect(cache.contains(key("/a")))
        #expect(!cache.contains(key("/b")))
        #expect(cache.contains(key("/c")) && cache.contains(key("/d")))
        #expect(cache.bytes == 300)
    }

    @Test("A sound larger than the whole budget is not kept, and evicts nothing")
    func oversizedSoundIsNotKept() {
        var cache = SoundIconCache(limit: 100)
        cache.insert(Array(repeating: 1, count: 10), for: key("/a"))
        cache.insert(Array(repeating: 2, count: 51), for: key("/big"))
        #expect(!cache.contains(key("/big")))
        #expect(cache.contains(key("/a")))
    }

    @Test("A new version of a file replaces the old one at the same rate, and leaves other rates alone")
    func newVersionReplacesOld() {
        var cache = SoundIconCache(limit: 1_000)
        cache.insert([1], for: key("/a", size: 1))
        cache.insert([1], for: key("/a", size: 1, rate: 16_000))
        cache.insert([2, 2], for: key("/a", size: 2))
        #expect(!cache.contains(key("/a", size: 1)))
        #expect(cache.contains(key("/a", size: 1, rate: 16_000)))
        #expect(cache.samples(for: key("/a", size: 2)) == [2, 2])
        #expect(cache.count == 2 && cache.bytes == 6)
    }
}
