import AnnounceCommands
import Foundation
import Testing

/// Each command's help names the options it takes, and only those, in lines that fit an 80-cell
/// braille display; the command lines are only parsed.
struct HelpTextTests {
    static let width = 80

    /// The lines of `text` that are too long, with the command that printed them. A longer line is
    /// allowed only where the content leaves no choice: one word (a path, a URL) longer than 80 characters.
    static func overlong(_ text: String, from command: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.count > width && line.trimmingCharacters(in: .whitespaces).contains(" ")
        }.map { "\(command): \($0.count) characters: \($0)" }
    }

    /// The help announce prints for `command --help`, and whether the command line was taken as a
    /// request for help: the parser hands back its help command, whose run throws the request.
    static func help(of command: [String]) -> (text: String, isHelp: Bool) {
        let run = CommandRun.run(command + ["--help"])
        return (run.errorMessage, run.status == 0 && !run.errorMessage.isEmpty && run.output.output.isEmpty)
    }

    /// The subcommands a command's help lists, so that a command added later is checked too.
    static func subcommands(of command: [String]) -> [String] {
        let help = help(of: command).text
        guard let section = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Every command and subcommand of announce, as its help lists them.
    static func everyCommand() -> [[String]] {
        var commands: [[String]] = [[]]
        var index = 0
        while index < commands.count {
            commands += subcommands(of: commands[index]).map { commands[index] + [$0] }
            index += 1
        }
        return commands
    }

    @Test("voices --help lists only what voices takes: no sink, no queue rules")
    func voicesHelpIsItsOwn() {
        let help = CommandRun.run(["voices", "--help"])
        #expect(help.status == 0)
        for own in ["--try", "--lang", "--socket", "--embedded", "--voices"] { #expect(help.errorMessage.contains(own), "\(own)") }
        for foreign in ["--sink", "--duplicate-window", "--when-audio-fails", "--max-waiting-polite"] {
            #expect(!help.errorMessage.contains(foreign), "\(foreign)")
        }
    }

    @Test("Every command's help fits 80 columns, every command and subcommand as the help lists them")
    func helpFits() {
        var found: [String] = []
        let commands = Self.everyCommand()
        // The help must list them, or this test would check nothing.
        #expect(commands.count >= 19 && commands.contains(["flow", "import"]) && commands.contains(["web", "play"]) && commands.contains(["at-driver"]),
                "\(commands)")
        for command in commands {
            let help = Self.help(of: command)
            let name = "announce " + (command + ["--help"]).joined(separator: " ")
            #expect(help.isHelp, "\(name): \(help.text)")
            found += Self.overlong(help.text, from: name)
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
