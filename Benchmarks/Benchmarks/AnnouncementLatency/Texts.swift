// The words the benchmarks say.

/// The assertive announcement every latency benchmark measures.
let errorText = "Error: Must be a valid email address."

/// The same error in Norwegian, for the language switch.
let norwegianErrorText = "Feil: Skriv inn en gyldig e-postadresse."

/// Another Norwegian error, spoken just before `norwegianErrorText` when the language does not switch;
/// a different text, so that the measured one is not a duplicate.
let norwegianPasswordErrorText = "Feil: Passordet er for kort."

/// A long polite status, for an assertive announcement to cut.
let longStatusText = """
    Checking your sign-in details. Please wait while we contact the server. \
    This can take a little while on a slow connection, so please do not close this page. \
    We will tell you as soon as we know whether your details are correct.
    """

/// A short polite status with a number in it, so that no two are duplicates of each other.
func numberedStatusText(_ number: Int) -> String { "Status update number \(number): three new messages." }
