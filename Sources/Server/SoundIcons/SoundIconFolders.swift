import Foundation

/// The folders sound icons are looked up in, in the order they are searched: a name is the first folder's that has it.
public struct SoundIconFolders: Sendable, Equatable {
    /// Debian's `sound-icons` package, the icons Speech Dispatcher's clients name.
    public static let debianSoundIcons = "/usr/share/sounds/sound-icons"
    /// Emacspeak's auditory icons (Debian's `emacspeak`), which it names by their full paths, such as
    /// `…/sounds/pan-chimes/item.wav`.
    public static let emacspeakSounds = "/usr/share/emacs/site-lisp/emacspeak/sounds"

    /// The folders, without trailing slashes and each once, in search order.
    public let paths: [String]

    /// These folders, in this order; tests and embedders choose them.
    public init(_ paths: [String]) {
        var seen = Set<String>()
        self.paths = paths.map(Self.withoutTrailingSlash).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Debian's `sound-icons`, then the user's (`$XDG_DATA_HOME/announcer/sounds`), then `extra`
    /// (from `--sounds DIR`), then Emacspeak's sounds. A folder that does not exist is searched as an empty one.
    public static func standard(extra: [String] = [], environment: [String: String]) -> SoundIconFolders {
        SoundIconFolders([debianSoundIcons] + (userFolder(environment: environment).map { [$0] } ?? []) + extra + [emacspeakSounds])
    }

    /// The standard folders for this process's environment.
    public static func standard(extra: [String] = []) -> SoundIconFolders {
        standard(extra: extra, environment: ProcessInfo.processInfo.environment)
    }

    /// `$XDG_DATA_HOME/announcer/sounds`, or `~/.local/share/announcer/sounds`. A relative
    /// `$XDG_DATA_HOME` is ignored, as the XDG base directory specification says it must be.
    public static func userFolder(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return "\(withoutTrailingSlash(data))/announcer/sounds" }
        if let home = environment["HOME"], !home.isEmpty { return "\(withoutTrailingSlash(home))/.local/share/announcer/sounds" }
        return nil
    }

    private static func withoutTrailingSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
