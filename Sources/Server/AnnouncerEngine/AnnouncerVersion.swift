/// The version of announcer that this build is, reported by `status` and `--version`.
public enum AnnouncerVersion {
    public static let current = "0.3.0"
}
