public import AnnouncerCore

/// The words the scenarios say.
///
/// Against a server each run's words carry the run's number: its duplicate filter, which a client cannot turn
/// off, would drop the same words said again within a second. The Benchmarks' engine has no duplicate window,
/// so they say the same words every round, the words all their figures were measured with.
public struct ScenarioWords: Sendable {
    /// Whether the assertive errors and the long status carry the run's number.
    public var numbered: Bool

    /// "Error 3: Must be a valid email address.": what `announce bench` says.
    public static let numbered = ScenarioWords(numbered: true)
    /// "Error: Must be a valid email address." in every round: what the Benchmarks say.
    public static let unnumbered = ScenarioWords(numbered: false)

    /// The assertive error every scenario measures, in English or Norwegian.
    public func error(_ run: Int, in language: Language = .english) -> String {
        switch language {
        case .norwegianBokmal: "Feil\(number(run)): Skriv inn en gyldig e-postadresse."
        default: "Error\(number(run)): Must be a valid email address."
        }
    }

    /// Another Norwegian error, heard just before the measured one when the language does not switch;
    /// other words, so the measured one is no duplicate of it.
    public func passwordError(_ run: Int) -> String { "Feil\(number(run)): Passordet er for kort." }

    /// A long polite status, for an assertive announcement to cut.
    public func longStatus(_ run: Int) -> String { (numbered ? "Update \(run + 1). " : "") + Self.longStatus }

    /// The long status numbered in every round, numbered words or not: the synthesis worker refuses
    /// words that crashed it twice.
    static func crashingStatus(_ run: Int) -> String { "\(longStatus) Round \(run)." }

    /// A short polite status; whoever sends many gives each a number of its own, so none is a duplicate of another.
    public static func status(_ number: Int) -> String { "Status update number \(number): three new messages." }

    private static let longStatus = """
        Checking your sign-in details. Please wait while we contact the server. \
        This can take a little while on a slow connection, so please do not close this page. \
        We will tell you as soon as we know whether your details are correct.
        """

    private func number(_ run: Int) -> String { numbered ? " \(run + 1)" : "" }
}
