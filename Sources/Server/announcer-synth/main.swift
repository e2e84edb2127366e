import ESpeak
import Glibc
import Speech

// The synthesis worker that announcerd and announce start and supervise: eSpeak NG in a process of
// its own, so a crash or hang in the library costs one announcement, not the server.
//
// Its standard input and output are pipes to its supervisor, never a terminal. Run by a person, it
// says what it is rather than writing audio frames to the screen.
let arguments = CommandLine.arguments.dropFirst()
let asked = arguments.contains { $0 != SynthesisWorkerMain.faultNoteArgument }
if asked || isatty(STDIN_FILENO) == 1 || isatty(STDOUT_FILENO) == 1 {
    let sentence = "announcer-synth is announcer's synthesis worker: announcerd and announce start it themselves, "
        + "and it speaks only to them, so there is nothing to do with it by hand. To speak, run: announce say WORDS\n"
    _ = sentence.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(arguments.contains { $0 == "--help" || $0 == "-h" } ? 0 : 2)
}
SynthesisWorkerMain.run(starting: ESpeakEngine.start)
