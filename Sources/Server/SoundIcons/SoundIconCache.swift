import Audio

/// Decoded, resampled sounds by file version and rate, the least recently used let go beyond a byte
/// budget; and the files that could not be decoded, with why, so they are not read again.
struct SoundIconCache {
    struct Key: Hashable {
        let realPath: String
        let version: ResolvedFile.Version
        let sampleRate: Int
    }

    private struct Entry {
        let samples: [Int16]
        var lastUse: UInt64
    }

    /// Bytes of samples the cache may hold.
    let limit: Int
    private(set) var bytes = 0
    private var entries: [Key: Entry] = [:]
    private var uses: UInt64 = 0
    /// Files that could not be decoded, by version: a changed file is tried again.
    private var failures: [Key: WAVFileError] = [:]
    /// How many failures are remembered; beyond it they are all forgotten, to be found again.
    static let failuresKept = 256

    /// What the cache knows of one file version at one rate.
    enum Lookup {
        case samples([Int16])
        case failure(WAVFileError)
    }

    init(limit: Int) { self.limit = limit }

    var count: Int { entries.count }

    /// The samples or the failure kept for `key`, counting as a use; nil when neither is.
    mutating func lookup(_ key: Key) -> Lookup? {
        if let samples = samples(for: key) { return .samples(samples) }
        return failures[key].map { .failure($0) }
    }

    /// Remembers that `key`'s file could not be decoded.
    mutating func insertFailure(_ error: WAVFileError, for key: Key) {
        if failures.count >= Self.failuresKept { failures.removeAll() }
        failures[key] = error
    }

    mutating func samples(for key: Key) -> [Int16]? {
        guard var entry = entries[key] else { return nil }
        uses += 1
        entry.lastUse = uses
        entries[key] = entry
        return entry.samples
    }

    /// Keeps `samples`, in place of any older version of the same file at the same rate. A sound
    /// larger than the whole budget is not kept.
    mutating func insert(_ samples: [Int16], for key: Key) {
        for stale in entries.keys where stale.realPath == key.realPath && stale.sampleRate == key.sampleRate {
            remove(stale)
        }
        let size = samples.count * MemoryLayout<Int16>.size
        guard size <= limit else { return }
        // A linear search for the oldest: the cache holds tens of sounds, not thousands.
        while bytes + size > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
        }
        uses += 1
        entries[key] = Entry(samples: samples, lastUse: uses)
        bytes += size
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    private mutating func remove(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        bytes -= entry.samples.count * MemoryLayout<Int16>.size
    }
}
