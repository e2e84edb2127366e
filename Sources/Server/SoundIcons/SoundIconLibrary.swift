import Audio
import Foundation
import Synchronization

/// The sound icons clients may name, found in the `SoundIconFolders` and made ready to push into
/// the speech stream: mono 16-bit PCM at the synthesizer's rate.
///
/// Clients give names, never paths: a name is looked up in each folder in order, as given and then
/// with `.wav`, and the first file found is the sound. A file may be a symbolic link, but what it
/// leads to must lie inside one of the folders. Sounds are decoded and resampled once and cached,
/// keyed by the file's real path, its version (device, inode, size, modification time) and the rate,
/// so a file that changes is read again. Safe to call from any thread.
///
/// Files are decoded on the library's own thread (`SoundIconDecoder`), never where it is asked:
/// `check` reads only a file's header, for a server's event loop to answer at once, and starts the
/// decoding ahead of the speech; `sound` waits for it, giving up when its caller's speech is cut.
public final class SoundIconLibrary: Sendable {
    /// 32 MiB of samples: twelve minutes at 22 050 Hz, many times the icons a session uses, and room for
    /// a dozen 30 s sounds, the longest a file may be, before the least recently used is let go.
    public static let defaultCacheBytes = 32 * 1_048_576

    public let folders: SoundIconFolders
    private let cache: Mutex<SoundIconCache>
    private let decoder = SoundIconDecoder()

    public init(folders: SoundIconFolders, cacheBytes: Int = SoundIconLibrary.defaultCacheBytes) {
        self.folders = folders
        self.cache = Mutex(SoundIconCache(limit: cacheBytes))
    }

    /// The sound icon `name` (Speech Dispatcher's `SOUND_ICON`, an Emacspeak auditory icon) at
    /// `sampleRate`, or why it cannot be played. `.notFound` means no folder has it: speak the name.
    /// `isCancelled` is asked while a file is being decoded: true gives up waiting, with `.cancelled`.
    public func sound(
        named name: String, sampleRate: Int, isCancelled: () -> Bool = { false }
    ) -> Result<[Int16], SoundIconProblem> {
        locate(named: name).flatMap { load($0, name: name, sampleRate: sampleRate, isCancelled: isCancelled) }
    }

    /// Whether the sound icon `name` can be played at `sampleRate`, judged from the file's header
    /// without decoding it, so it may be asked where requests are answered. A playable file not yet
    /// decoded is decoded ahead, on the library's thread, for the speech that follows.
    public func check(named name: String, sampleRate: Int) -> Result<Void, SoundIconProblem> {
        let file: ResolvedFile
        switch locate(named: name) {
        case let .success(found): file = found
        case let .failure(problem): return .failure(problem)
        }
        let key = SoundIconCache.Key(realPath: file.realPath, version: file.version, sampleRate: sampleRate)
        switch cache.withLock({ $0.lookup(key) }) {
        case .samples: return .success(())
        case let .failure(error): return .failure(.unreadable(name, path: file.path, error))
        case .none: break
        }
        do {
            _ = try WAVHeader.read(contentsOf: file.realPath)
        } catch {
            cache.withLock { $0.insertFailure(error, for: key) }
            return .failure(.unreadable(name, path: file.path, error))
        }
        _ = decoder.decode(key, path: file.realPath, readAhead: true) { outcome in self.keep(outcome, for: key) }
        return .success(())
    }

    /// The file the sound icon `name` names, or why none may be played.
    private func locate(named name: String) -> Result<ResolvedFile, SoundIconProblem> {
        if let refusal = SoundIconName.refusal(for: name) { return .failure(.refusedName(name, refusal)) }
        let allowed = allowedFolders()
        for folder in folders.paths {
            for candidate in [name, name + ".wav"] {
                guard let file = ResolvedFile.resolve("\(folder)/\(candidate)"), !file.isDirectory else { continue }
                guard file.isInside(allowed) else { return .failure(.outsideFolders(name, path: file.path, target: file.realPath)) }
                return .success(file)
            }
        }
        return .failure(.notFound(name, searched: folders.paths))
    }

    /// The sound for SSML's `<audio src="…">` at `sampleRate`: a sound icon's name, or an absolute path
    /// or `file:` URL of a file inside the sound-icon folders. Anything else, such as an `http:` address
    /// or a path elsewhere, is `.notAllowed`, and the caller speaks the element's fallback content.
    public func sound(
        forSource source: String, sampleRate: Int, isCancelled: () -> Bool = { false }
    ) -> Result<[Int16], SoundIconProblem> {
        let path: String
        if source.hasPrefix("/") {
            path = source
        } else if source.lowercased().hasPrefix("file:") {
            guard let filePath = Self.path(fromFileURL: source) else { return .failure(notAllowed(source)) }
            path = filePath
        } else if source.contains("/") || Self.hasURLScheme(source) {
            return .failure(notAllowed(source))
        } else {
            return sound(named: source, sampleRate: sampleRate, isCancelled: isCancelled)
        }
        // A NUL would end the path early on its way to C, so the path checked would not be the one given.
        guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(notAllowed(source))
        }
        let allowed = allowedFolders()
        guard let file = ResolvedFile.resolve(path) else {
            // Nothing there: "missing" only where a sound could have been, so a path elsewhere is refused
            // the same way whether or not something exists at it.
            let parent = ResolvedFile.resolve((path as NSString).deletingLastPathComponent)
            let insideFolder = parent.map { $0.isInside(allowed) || allowed.contains($0.realPath) } ?? false
            return .failure(insideFolder ? .missingFile(source) : notAllowed(source))
        }
        guard file.isInside(allowed) else { return .failure(notAllowed(source)) }
        guard !file.isDirectory else { return .failure(.missingFile(source)) }
        return load(file, name: source, sampleRate: sampleRate, isCancelled: isCancelled)
    }

    /// Every name a client may give, sorted, each once, without `.wav`: the folders' `.wav` files and
    /// their files with no extension at all (Debian's aliases, such as `capital`), where they lead
    /// inside the folders.
    public func availableNames() -> [String] {
        let allowed = allowedFolders()
        var names = Set<String>()
        for folder in folders.paths {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for entry in entries {
                let name = entry.hasSuffix(".wav") ? String(entry.dropLast(4)) : entry
                guard entry.hasSuffix(".wav") || !entry.contains("."), SoundIconName.refusal(for: name) == nil,
                      let file = ResolvedFile.resolve("\(folder)/\(entry)"), !file.isDirectory, file.isInside(allowed)
                else { continue }
                names.insert(name)
            }
        }
        return names.sorted()
    }

    /// The folders that exist, as real paths, for checking where a file leads.
    private func allowedFolders() -> [String] {
        folders.paths.compactMap { folder in ResolvedFile.resolve(folder).flatMap { $0.isDirectory ? $0.realPath : nil } }
    }

    private func load(
        _ file: ResolvedFile, name: String, sampleRate: Int, isCancelled: () -> Bool
    ) -> Result<[Int16], SoundIconProblem> {
        let key = SoundIconCache.Key(realPath: file.realPath, version: file.version, sampleRate: sampleRate)
        switch cache.withLock({ $0.lookup(key) }) {
        case let .samples(samples): return .success(samples)
        case let .failure(error): return .failure(.unreadable(name, path: file.path, error))
        case .none: break
        }
        let job = decoder.decode(key, path: file.realPath) { outcome in self.keep(outcome, for: key) }
        guard let outcome = job?.wait(isCancelled: isCancelled) else { return .failure(.cancelled(name)) }
        return outcome.mapError { SoundIconProblem.unreadable(name, path: file.path, $0) }
    }

    /// Keeps a decoding's outcome, samples or the reason there are none, so neither is read again.
    private func keep(_ outcome: Result<[Int16], WAVFileError>, for key: SoundIconCache.Key) {
        cache.withLock { cache in
            switch outcome {
            case let .success(samples): cache.insert(samples, for: key)
            case let .failure(error): cache.insertFailure(error, for: key)
            }
        }
    }

    private func notAllowed(_ source: String) -> SoundIconProblem { .notAllowed(source, folders: folders.paths) }

    /// The path of a local `file:` URL (`file:///a`, `file://localhost/a` or `file:/a`), percent-decoded, or nil.
    static func path(fromFileURL url: String) -> String? {
        var rest = Substring(url.dropFirst("file:".count))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        }
        guard rest.hasPrefix("/") else { return nil }
        return String(rest).removingPercentEncoding
    }

    /// True when `text` begins as a URL does, with a scheme and a colon (`http:`, `data:`).
    static func hasURLScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
