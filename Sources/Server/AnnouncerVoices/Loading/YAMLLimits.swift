/// How large a YAML file announcer reads may be: in bytes, and in values and depth once its aliases
/// are expanded, so a small file cannot grow without bound (a "billion laughs" alias bomb) when read.
public struct YAMLLimits: Sendable, Equatable {
    /// The most bytes a file may have; a larger one is refused before it is read.
    public var maxBytes: Int
    /// The most values (scalars, mappings and lists) the file may hold, each alias counted as the
    /// values it stands for.
    public var maxValues: Int
    /// The most levels values may nest, aliases expanded.
    public var maxDepth: Int
    /// What such a file is, in the sentence that refuses it: "a voice profile", "a flow file".
    public var fileKind: String

    public init(maxBytes: Int = 1 << 20, maxValues: Int = 250_000, maxDepth: Int = 64, fileKind: String) {
        self.maxBytes = maxBytes
        self.maxValues = maxValues
        self.maxDepth = maxDepth
        self.fileKind = fileKind
    }

    /// Voice profiles: the shipped ones are 9 to 11 KB, with about 500 values 4 levels deep; 1 MiB
    /// holds a lexicon of some 40,000 words, about 80,000 values.
    public static let voiceProfile = YAMLLimits(fileKind: "a voice profile")
    /// Flow files: the shipped ones are at most 8 KB, with at most 570 values 11 levels deep.
    public static let flow = YAMLLimits(fileKind: "a flow file")

    /// The largest file, as a person would say it: "1 MiB", "512 KiB" or "100 bytes".
    var maxBytesSaid: String {
        if maxBytes >= 1 << 20, maxBytes % (1 << 20) == 0 { return "\(maxBytes >> 20) MiB" }
        if maxBytes >= 1 << 10, maxBytes % (1 << 10) == 0 { return "\(maxBytes >> 10) KiB" }
        return "\(maxBytes) bytes"
    }

    /// The sentence for a file of `bytes` bytes, or of more than the limit when its size is not known.
    func tooLarge(bytes: Int?) -> String {
        let size = bytes.map { "\($0) bytes" } ?? "over \(maxBytesSaid)"
        return "The file is \(size); \(fileKind) may be at most \(maxBytesSaid), so it was not read."
    }

    func tooManyValues(throughAliases: Bool) -> String {
        throughAliases
            ? "Its aliases (*name) expand it to more than \(maxValues) values; \(fileKind) may hold at most \(maxValues), so it was not read."
            : "It holds more than \(maxValues) values; \(fileKind) may hold at most \(maxValues), so it was not read."
    }

    func tooDeep(throughAliases: Bool) -> String {
        let how = throughAliases ? "With its aliases (*name) expanded, it nests" : "It nests"
        return "\(how) more than \(maxDepth) levels deep; \(fileKind) may nest at most \(maxDepth), so it was not read."
    }
}
