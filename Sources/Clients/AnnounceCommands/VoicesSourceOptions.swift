import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerVoices
import ArgumentParser

/// Where `announce voices` finds the profiles it lists: the running server, or those an engine in
/// this process would load. Only these options, since voices speaks nothing and needs no sink.
struct VoicesSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The server's socket. The default is $ANNOUNCER_SOCKET, else $XDG_RUNTIME_DIR/announcer/announcer.sock. Naming one requires a server there.",
        valueName: "PATH"))
    var socket: String?

    @Flag(help: "List what an engine in this process would load, even when a server is running.")
    var embedded = false

    @Option(help: ArgumentHelp("A folder of voice profiles over the shipped ones; lists them as an engine in this process would load them.", valueName: "DIR"))
    var voices: String?

    @Flag(help: "With --try: show the text spoken by one voice, with no language switching.")
    var noLanguageSwitching = false

    /// The server's connection, or nil to list what an engine here would load; see `DestinationOptions`.
    func serverConnection() throws -> ServerConnection? {
        try DestinationOptions.serverConnection(socket: socket, embedded: embedded || voices != nil)
    }

    func loadVoices() -> VoiceLibrary {
        var library = VoiceLibrary.standard(extra: voices.map { [$0] } ?? [])
        library.switchesLanguage = !noLanguageSwitching
        return library
    }
}
