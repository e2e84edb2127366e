public import AnnouncerFlows
public import ArgumentParser

/// Whose phrasing the virtual reader speaks in: `--style talkback`. Not `--reader`, which puts a real
/// screen reader in the loop.
struct StyleOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Speak in this screen reader's phrasing (its words and order), over the flow's style: (voiceover by default).",
        valueName: "voiceover|talkback|nvda|orca"))
    var style: ReaderStyle?
}

extension ReaderStyle: ExpressibleByArgument {}
