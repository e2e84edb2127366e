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
public final class SoundIconLibrary: Sendable {
    /// 8 MB of samples: three minutes at 22 050 Hz, many times the icons a session uses.
    public static let defaultCacheBytes = 8 * 1_048_576

    public let folders: SoundIconFolders
    private let cache: Mutex<SoundIconCache>

    public init(folders: SoundIconFolders, cacheBytes: Int = SoundIconLibrary.defaultCacheBytes) {
        self.folders = folders
        self.cache = Mutex(SoundIconCache(limit: cacheBytes))
    }

    /// The sound icon `name` (Speech Dispatcher's `SOUND_ICON`, an Emacspeak auditory icon) at
    /// `sampleRate`, or why it cannot be played. `.notFound` means no folder has it: speak the name.
    public func sound(named name: String, sampleRate: Int) -> Result<[Int16], SoundIconProblem> {
        if let refusal = SoundIconName.refusal(for: name) { return .failure(.refusedName(name, refusal)) }
        let allowed = allowedFolders()
        for folder in folders.paths {
            for candidate in [name, name + ".wav"] {
                guard let file = ResolvedFile.resolve("\(folder)/\(candidate)"), !file.isDirectory else { continue }
                guard file.isInside(allowed) else { return .failure(.outsideFolders(name, path: file.path, target: file.realPath)) }
                return load(file, name: name, sampleRate: sampleRate)
            }
        }
        return .failure(.notFound(name, searched: folders.paths))
    }

    /// The sound for SSML's `<audio src="…">` at `sampleRate`: a sound icon's name, or an absolute path
    /// or `file:` URL of a file inside the sound-icon folders. Anything else, such as an `http:` address
    /// or a path elsewhere, is `.notAllowed`, and the caller speaks the element's fallback content.
    public func sound(forSource source: String, sampleRate: Int) -> Result<[Int16], SoundIconProblem> {
        let path: String
        if source.hasPrefix("/") {
            path = source
        } else if source.lowercased().hasPrefix("file:") {
            guard let filePath = Self.path(fromFileURL: source) else { return .failure(notAllowed(source)) }
            path = filePath
        } else if source.contains("/") || Self.hasURLScheme(source) {
            return .failure(notAllowed(source))
        } else {
            return sound(named: source, sampleRate: sampleRate)
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
        return load(file, name: source, sampleRate: sampleRate)
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

    private func load(_ file: ResolvedFile, name: String, sampleRate: Int) -> Result<[Int16], SoundIconProblem> {
        let key = SoundIconCache.Key(realPath: file.realPath, version: file.version, sampleRate: sampleRate)
        if let cached = cache.withLock({ $0.samples(for: key) }) { return .success(cached) }
        // Decoded outside the lock, so one slow file does not hold up every other lookup; two threads
        // asking for the same new sound at once both decode it, which costs only time.
        let wav: WAVFile
        do {
            wav = try WAVFile(contentsOf: file.realPath)
        } catch {
            return .failure(.unreadable(name, path: file.path, error))
        }
        let samples = Resampler(from: wav.sampleRate, to: sampleRate).resample(wav.samples)
        cache.withLock { $0.insert(samples, for: key) }
        return .success(samples)
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
