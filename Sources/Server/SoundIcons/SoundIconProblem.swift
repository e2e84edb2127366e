public import Audio

/// Why a sound icon is not played, in one sentence; the caller speaks the name, or the fallback text, instead.
public enum SoundIconProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// A client's name that could be a path, or could not be a file's name.
    case refusedName(String, NameRefusal)
    /// No folder has a sound of this name. The caller speaks the name, as Speech Dispatcher does for
    /// an icon it lacks; this is no fault to report.
    case notFound(String, searched: [String])
    /// A file named by its path, inside a sound-icon folder, that does not exist.
    case missingFile(String)
    /// The name was found, but it leads, by a symbolic link, to a file outside the sound-icon folders.
    case outsideFolders(String, path: String, target: String)
    /// The sound was found, and is not a WAV file announcer can read.
    case unreadable(String, path: String, WAVFileError)
    /// The speech that wanted the sound was cut while the file was still being decoded.
    case cancelled(String)
    /// An audio source that is neither a sound icon's name nor a file inside the sound-icon folders,
    /// such as an `http:` address.
    case notAllowed(String, folders: [String])

    /// What is wrong with a sound icon's name.
    public enum NameRefusal: Sendable, Equatable {
        case empty
        case containsSlash
        case startsWithDot
        case containsControlCharacter
        case tooLong(bytes: Int)

        var clause: String {
            switch self {
            case .empty: "it is empty"
            case .containsSlash: "it contains \"/\", and a client names a sound icon, as \"bell\", never gives a path"
            case .startsWithDot: "it begins with \".\", as hidden files and the folder names \".\" and \"..\" do"
            case .containsControlCharacter: "it contains a control character"
            case let .tooLong(bytes): "it is \(bytes) bytes long, more than the \(SoundIconName.longestBytes) a file name may be"
            }
        }
    }

    /// True when nothing of that name or path exists: the caller falls back without a word of complaint.
    public var isNotFound: Bool {
        switch self {
        case .notFound, .missingFile: true
        case .refusedName, .outsideFolders, .unreadable, .notAllowed, .cancelled: false
        }
    }

    public var description: String {
        switch self {
        case let .refusedName(name, refusal):
            "The sound icon name \(Self.quoted(name)) is refused: \(refusal.clause)."
        case let .notFound(name, searched):
            searched.isEmpty
                ? "No sound icon is named \(Self.quoted(name)): no sound-icon folder is set."
                : "No sound icon is named \(Self.quoted(name)) in \(Self.list(searched))."
        case let .missingFile(path):
            "The sound file \(Self.quoted(path)) does not exist."
        case let .outsideFolders(name, path, target):
            "The sound icon \(Self.quoted(name)) (\(path)) is a link to \(target), outside the sound-icon folders, so it is not played."
        case let .unreadable(name, path, error):
            "The sound icon \(Self.quoted(name)) (\(path == error.path ? path : "\(path), a link to \(error.path)")) is not a WAV file announcer can read: \(error.reason.clause)."
        case let .cancelled(name):
            "The sound icon \(Self.quoted(name)) was not played: its speech was cut while the file was still being read."
        case let .notAllowed(source, folders):
            "The audio source \(Self.quoted(source)) is not played: announcer plays only sound icons by name and files inside \(folders.isEmpty ? "its sound-icon folders, and none is set" : Self.list(folders))."
        }
    }

    /// A client's text in quotes, short and printable, so a hostile name cannot flood or forge a log line.
    static func quoted(_ text: String) -> String {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return "\"" + (printable.count > 80 ? printable.prefix(80) + "…" : printable) + "\""
    }

    private static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }
}
