import Testing

/// Wrong names get the nearest right one, as announce's `main` says it; the command line is only parsed.
struct NameHintTests {
    @Test("A command or option from other tools, or misspelt, is answered with announce's own name for it",
          arguments: [
              (["speak", "hi"], "Error: There is no command \"speak\"; did you mean announce say?"),
              (["statu"], "Error: There is no command \"statu\"; did you mean announce status?"),
              (["say", "--language", "nb", "hi"], "Error: Unknown option '--language'. Did you mean --lang?"),
              (["say", "--rat", "200", "hi"], "Error: Unknown option '--rat'. Did you mean '--rate'?"),
          ])
    func nearestName(arguments: [String], first line: String) {
        let run = CommandRun.parse(arguments)
        #expect(run.status == 64)
        #expect(run.printedError.first == line, "\(run.printedError)")
    }
}
