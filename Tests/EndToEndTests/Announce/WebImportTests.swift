import TestSupport
import Foundation
import Testing

extension WebTests {
    /// `announce flow import PAGE`: real pages read in a real headless Chromium over its DevTools pipe,
    /// written as flow files that `flow check` then passes through a real engine.
    @Suite struct Import {
        @Test("The login page is read as a screen reader meets it, in English and Norwegian, and flow check passes the flow written from it",
              .enabled(if: WebTests.chromiumInstalled), arguments: ["en", "nb"])
        func importedLoginPasses(language: String) async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            let run = try await mark.run(["flow", "import", "\(WebTests.pages)/login.\(language).html", "--output", "\(folder)/login.\(language).yaml"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.unwrapped.contains("Read 6 elements, 4 of them interactive; Tab reaches 4."))
            let flow = try String(contentsOfFile: "\(folder)/login.\(language).yaml", encoding: .utf8)
            #expect(flow.contains("language: \(language)\n"))
            let expected = language == "en"
                ? ["says: \"Blindeforbundet, heading level 1\"", "says: \"Email address, text field, required\"", "description: \"The address you registered with.\"",
                   "says: \"Password, secure text field, required\"", "says: \"Show password, switch button, off\"", "says: \"Sign in, button\""]
                : ["says: \"Blindeforbundet, overskrift nivå 1\"", "says: \"E-postadresse, tekstfelt, obligatorisk\"", "says: \"Passord, sikkert tekstfelt, obligatorisk\"",
                   "says: \"Vis passord, bryter, av\"", "says: \"Logg inn, knapp\""]
            for line in expected { #expect(flow.contains(line), "\(line)") }
            // Computed colours, as drawn: the button's white on the brand's blue, the heading large.
            #expect(flow.contains("colours: { text: \"#FFFFFF\", background: \"#00205B\", large: false }"))
            #expect(flow.contains("colours: { text: \"#00205B\", background: \"#FFFFFF\", large: true }"))
            let check = try await mark.run(["flow", "check", "--sink", "null", "\(folder)/login.\(language).yaml"])
            #expect(check.status == 0, "\(check.standardOutput)")
            #expect(check.standardOutput.contains(" 0 failed."))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("A radio group is imported as a flow of the page with its arrow steps and its group said on entry, in every style, and web check passes it",
              .enabled(if: WebTests.chromiumInstalled))
        func arrowWidgetIsImportedWithKeys() async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            let page = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Crust</title>
            <style>[role="radio"] { padding: 12px; } [role="radio"]:focus { outline: 3px solid #0b57d0; }</style></head><body>
            <div role="radiogroup" aria-label="Crust">
            <div role="radio" id="thin" aria-checked="true" tabindex="0">Thin</div>
            <div role="radio" id="deep" aria-checked="false" tabindex="-1">Deep</div>
            </div>
            <script>
            const radios = [...document.querySelectorAll('[role="radio"]')];
            for (const radio of radios) radio.addEventListener("keydown", (event) => {
              if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
              event.preventDefault();
              const next = radios[(radios.indexOf(radio) + 1) % radios.length];
              for (const other of radios) { other.setAttribute("aria-checked", other === next ? "true" : "false"); other.tabIndex = other === next ? 0 : -1; }
              next.focus();
            });
            </script></body></html>
            """
            try page.write(toFile: "\(folder)/crust.html", atomically: true, encoding: .utf8)
            let run = try await mark.run(["flow", "import", "--no-axe", "\(folder)/crust.html", "--output", "\(folder)/crust.en.yaml"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.unwrapped.contains("Pressing Tab to 1 stop and 2 widget keys, in each of the 4 reader styles."))
            let flow = try String(contentsOfFile: "\(folder)/crust.en.yaml", encoding: .utf8)
            for line in ["page: \"crust.html\"", "  - next:", "  - press: \"ArrowDown\"", "  - press: \"ArrowUp\"",
                         "voiceover: \"Crust, radio group. Thin, radio button, selected, 1 of 2\"", "voiceover: \"Deep, radio button, selected, 2 of 2\"",
                         "orca: \"Crust panel. Thin selected radio button\"", "focus: deep"] {
                #expect(flow.contains(line), "\(line) in \(flow)")
            }
            let check = try await mark.run(["web", "check", "--embedded", "--sink", "null", "--no-axe", "--style", "nvda", "\(folder)/crust.en.yaml"])
            #expect(check.status == 0, "\(check.standardOutput)")
            #expect(check.standardOutput.contains(" 0 failed."))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("A positive tabindex puts the page's Tab order in the flow, and the lint catches it", .enabled(if: WebTests.chromiumInstalled))
        func tabOrderIsImported() async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            let page = try String(contentsOfFile: "\(WebTests.pages)/login.en.html", encoding: .utf8)
                .replacingOccurrences(of: "<button type=\"submit\" id=\"sign-in\">", with: "<button type=\"submit\" id=\"sign-in\" tabindex=\"1\">")
            try page.write(toFile: "\(folder)/tabbed.html", atomically: true, encoding: .utf8)
            let run = try await mark.run(["flow", "import", "\(folder)/tabbed.html", "--output", "\(folder)/tabbed.en.yaml"])
            #expect(run.status == 0, "\(run.standardError)")
            let flow = try String(contentsOfFile: "\(folder)/tabbed.en.yaml", encoding: .utf8)
            #expect(flow.contains("focus_order: [blindeforbundet, sign-in, the-address-you-registered-with, email, password, show-password]")
                || flow.contains("focus_order: [blindeforbundet, sign-in, email, the-address-you-registered-with, password, show-password]"), "\(flow)")
            let check = try await mark.run(["flow", "check", "--sink", "null", "\(folder)/tabbed.en.yaml"])
            #expect(check.status == 1)
            #expect(check.standardOutput.unwrapped.contains("FAIL: lint focus_order"))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("States come from the accessibility tree: aria-expanded, aria-checked, disabled, and aria-invalid with its aria-errormessage",
              .enabled(if: WebTests.chromiumInstalled))
        func statesAreRead() async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            let page = """
            <!DOCTYPE html><html lang="nb"><head><meta charset="utf-8"><title>Tilstander</title></head><body>
            <button aria-expanded="false" aria-controls="meny">Meny</button><ul id="meny" hidden><li>Hjem</li></ul>
            <label><input type="checkbox" checked> Husk meg</label>
            <button disabled>Send</button>
            <label for="dato">Dato</label><input id="dato" aria-invalid="true" aria-errormessage="dato-feil">
            <p id="dato-feil">Skriv datoen som dd.mm.åååå</p>
            </body></html>
            """
            try page.write(toFile: "\(folder)/states.html", atomically: true, encoding: .utf8)
            let run = try await mark.run(["flow", "import", "\(folder)/states.html"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("language: nb\n"))
            for phrase in ["Meny, knapp, slått sammen", "Husk meg, avkrysningsboks, avkrysset", "Send, knapp, nedtonet", "Dato, tekstfelt. Feil: Skriv datoen som dd.mm.åååå"] {
                #expect(run.standardOutput.contains("says: \"\(phrase)\""), "\(phrase)")
            }
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("A page that cannot be loaded, and a Chromium that is not there, are each one sentence", .enabled(if: WebTests.chromiumInstalled))
        func failuresAreOneSentence() async throws {
            let mark = WebTests.Mark()
            let missing = try await mark.run(["flow", "import", "/nonexistent/page.html"])
            #expect(missing.status == 1)
            #expect(missing.standardError.unwrapped.contains("Error: The page /nonexistent/page.html could not be loaded: Chromium says no such file."))
            let refused = try await mark.run(["flow", "import", "http://127.0.0.1:1/"])
            #expect(refused.status == 1)
            #expect(refused.standardError.unwrapped.contains("could not be loaded: Chromium says net::ERR_"))
            let noBrowser = try await mark.run(["flow", "import", "\(WebTests.pages)/login.en.html"], environment: ["ANNOUNCER_CHROMIUM": "/nonexistent/chromium"])
            #expect(noBrowser.status == 1)
            #expect(noBrowser.standardError.unwrapped.contains("Chromium could not be started: ANNOUNCER_CHROMIUM names /nonexistent/chromium, which is not a program."))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("Ctrl-C while a page loads ends Chromium with announce", .enabled(if: WebTests.chromiumInstalled))
        func interruptEndsChromium() async throws {
            // A server that accepts and never answers, so the page is still loading when Ctrl-C comes.
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            server.arguments = ["python3", "-c", "import socket,time\ns=socket.socket();s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1);s.bind(('127.0.0.1',0));s.listen(5);print(s.getsockname()[1],flush=True)\nc=[]\nwhile True: c.append(s.accept())"]
            let output = Pipe()
            server.standardOutput = output
            // Not this process's standard error: swift test waits for every holder of it to end.
            server.standardError = FileHandle.nullDevice
            server.standardInput = FileHandle.nullDevice
            try server.run()
            defer { server.terminate() }
            let port = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let mark = WebTests.Mark()
            let announce = Process()
            announce.executableURL = AnnounceProcess.executable
            announce.environment = AnnounceProcess.hermeticEnvironment.merging(mark.environment) { $1 }
            announce.arguments = ["flow", "import", "http://127.0.0.1:\(port)/"]
            announce.standardError = FileHandle.nullDevice
            try announce.run()
            var started = false
            for _ in 0..<100 where !started {
                // Not a wait: the pace of the looks at /proc, the only place Chromium's start can be seen.
                try await Task.sleep(for: .seconds(0.1))
                started = !mark.chromiums().isEmpty
            }
            #expect(started, "Chromium should be running while the page loads")
            kill(announce.processIdentifier, SIGINT)
            announce.waitUntilExit()
            #expect(announce.terminationStatus == 130)
            var left = mark.alive()
            for _ in 0..<30 where !left.isEmpty {
                // Not a wait: the pace of the looks at /proc, the only place Chromium's end can be seen.
                try await Task.sleep(for: .seconds(0.1))
                left = mark.alive()
            }
            #expect(left.isEmpty, "\(left)")
        }
    }
}
