import TestSupport
import Foundation
import Testing


extension WebTests {
    /// `announce web check`: flows of real pages run in a real headless Chromium through a real engine,
    /// their live regions heard and timed from the action, through the page's change, to the first audio.
    @Suite struct Check {

        @Test("The login page passes web check in English and Norwegian: its fields, its switch, and its role=alert error within 500 ms",
              .enabled(if: WebTests.chromiumInstalled))
        func loginPagePasses() async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            let run = try await mark.run([
                "web", "check", "--sink", "null", "--verbose", "--junit", "\(folder)/junit.xml",
                "\(WebTests.pages)/login.en.yaml", "\(WebTests.pages)/login.nb.yaml",
            ])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            let output = run.standardOutput.unwrapped
            // 24 checks of the flow, and 3 of the page's layout (2.5.8, 2.4.11, 2.4.7) with axe-core finding nothing; 3.3.7 and 3.2.6 are a person's.
            #expect(output.contains("Sign in, on the web (login.en.yaml): 27 passed, 0 failed, 2 for a person to check."))
            #expect(output.contains("Logg inn, på nettet (login.nb.yaml): 27 passed, 0 failed, 2 for a person to check."))
            #expect(!output.contains("FAIL"))
            #expect(output.contains("pass: step 8, line 24, activate Sign in: \"Error: Must be a valid email address\", assertive, began "))
            #expect(output.contains("pass: step 7, line 22, activate: Said \"Skjul passord, bryter, på\""))
            #expect(output.contains("pass: step 1, line 10, check: The focus order is email, password, show-password, sign-in."))
            #expect(output.contains("pass: lint contrast: Contrast of \"Sign in\" (sign-in): #FFFFFF on #00205B is 15.4:1"))
            #expect(try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8).contains("tests=\"58\" failures=\"0\""))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("The broken page's four faults are each one sentence, the late error with the page's delay apart from the speech's",
              .enabled(if: WebTests.chromiumInstalled))
        func brokenPageFaults() async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            let run = try await mark.run(["web", "check", "--sink", "null", "--report", "\(folder)/report", "\(WebTests.pages)/login-broken.en.yaml"])
            #expect(run.status == 1)
            let failures = run.standardOutput.unwrapped.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.map(String.init)
            #expect(failures.contains("FAIL: lint label: The switch with the id show-password has no label, so a screen reader says only its role; give it a label that says what it does."))
            #expect(failures.contains("FAIL: lint contrast: Contrast of \"Email address\" (email): #808080 on #FFFFFF is 3.9:1; at least 4.5:1 is needed for normal text."))
            let late = failures.first { $0.contains("\"Error: Must be a valid email address\", assertive, began ") }
            // The page shows its error by a 700 ms timer, never sooner; a busy machine (3 Chromiums at once in the
            // suite) has seen it fire at 874 ms. The page's time is its own, apart from the speech's.
            let pageDelay = #"(7\d\d|8\d\d|9\d\d|1\d\d\d)"#
            #expect(late?.contains(try Regex(#"the limit is 500 ms\. Too late\. The page took "# + pageDelay + #" ms to show it; speech began \d+\.\d ms after\."#)) == true, "\(failures)")
            #expect(failures.contains("FAIL: step 5, line 16, activate Sign in: Expected \"Error: Enter your password\", but the step said nothing."))
            // The page's own checks: the layout fails exactly the small help link and the hidden link to the terms.
            let flowFailures = failures.filter { !$0.hasPrefix("FAIL: page, ") }
            #expect(flowFailures.count == 5, "\(failures)")
            let layout = failures.filter { $0.hasPrefix("FAIL: page, ") && !$0.contains(", axe-core ") }
            #expect(layout.count == 2, "\(layout)")
            #expect(layout.contains { $0.hasPrefix("FAIL: page, 2.5.8 Target Size (Minimum), target-size: The target \"Help with signing in\" (a#help) (its box 14 by 14 px at ") }, "\(layout)")
            #expect(layout.contains { $0.hasPrefix("FAIL: page, 2.4.11 Focus Not Obscured (Minimum), focus-not-obscured: After Tab, the focused element \"Terms of use\" (a#terms)") && $0.contains("(p#cookie-note)") }, "\(layout)")
            // axe-core 4's violations, each under its criterion: the contrast, the button without a name, the small target.
            let axe = failures.filter { $0.contains(", axe-core ") }
            #expect(axe.contains { $0.hasPrefix("FAIL: page, 1.4.3 Contrast (Minimum), axe-core color-contrast: ") && $0.contains("#email") }, "\(axe)")
            #expect(axe.contains { $0.hasPrefix("FAIL: page, 4.1.2 Name, Role, Value, axe-core button-name: ") && $0.contains("#show-password") }, "\(axe)")
            #expect(axe.contains { $0.hasPrefix("FAIL: page, 2.5.8 Target Size (Minimum), axe-core target-size: ") && $0.contains("#help") }, "\(axe)")
            let output = run.standardOutput.unwrapped
            #expect(output.contains("CHECK: page, 3.3.7 Redundant Entry, redundant-entry: The page asks for 2 fields: \"Email address\" (input#email)"))
            #expect(output.contains("CHECK: page, 3.2.6 Consistent Help, consistent-help: Help seen on the page"))
            // The audit report of a real page: the late error under 4.1.3, with the page's own delay.
            let html = try String(contentsOfFile: "\(folder)/report/index.html", encoding: .utf8)
            let status = AuditReportTests.part(html, from: "flow-1-c-4-1-3")
            let appTook = try Regex(#"\(the app took "# + pageDelay + " ms to post it")
            #expect(status.contains("Failed</span></h4>") && status.contains(appTook), "\(status)")
            // The criteria the layout measures, beside the flow's: failed where the page fails them, passed where not, a person's where no tool can judge.
            for (criterion, verdict) in [("2-5-8", "Failed"), ("2-4-11", "Failed"), ("2-4-7", "Passed"), ("3-3-7", "Not tested by this tool"), ("3-2-6", "Not tested by this tool")] {
                #expect(AuditReportTests.part(html, from: "flow-1-c-\(criterion)").contains("\(verdict)</span></h4>"), "\(criterion)")
            }
            #expect(AuditReportTests.part(html, from: "flow-1-c-2-5-8").contains("axe-core, rule target-size: "))
            #expect(html.contains("<dd>axe-core 4.12.1, its WCAG 2.0, 2.1 and 2.2 A and AA rules</dd>") || !AuditReportTests.browserReady)
            #expect(html.contains("<dd>Chromium "))
            // The recorded timeline has the three times of the late error: the action, the page's change, the first audio.
            let timeline = try String(contentsOfFile: "\(folder)/report/audio/login-broken.en.events.jsonl", encoding: .utf8)
            let lines = timeline.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { ($0["text"] as? String) == "Error: Must be a valid email address" }
            let time = { (event: String) in lines.first { ($0["event"] as? String) == event }?["t_ms"] as? Double }
            let action = try #require(time("action")), changed = try #require(time("page_changed")), heard = try #require(time("first_audio"))
            #expect(changed - action > 650 && changed - action < 1_500, "the page's own delay: \(changed - action) ms")
            #expect(heard >= changed && heard - changed < 500, "speech after the change: \(heard - changed) ms")
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("Live regions are read as the ARIA specification says: a log's additions, a busy region once done, off never, atomic whole",
              .enabled(if: WebTests.chromiumInstalled))
        func liveRegionRules() async throws {
            let mark = WebTests.Mark()
            let run = try await mark.run(["web", "check", "--sink", "null", "--verbose", "\(WebTests.pages)/live-regions.en.yaml"])
            #expect(run.status == 0, "\(run.standardOutput)")
            let output = run.standardOutput.unwrapped
            for said in ["Said \"Message 1\"", "Said \"Message 2\"", "Said \"3 results found\"", "Said \"Clicked 1 times\""] {
                #expect(output.contains(said), "\(said)")
            }
            #expect(!output.contains("Searching"), "a busy region is read once, when it is done")
            #expect(output.contains("Said \"Note 3\"") && output.contains("Said \"Saved\""), "an item filled at once is read once; a new alert as it appears")
            // 21 checks of the flow and 3 of the page's layout; 3.3.7 and 3.2.6 are left to a person.
            #expect(output.contains("Live regions (live-regions.en.yaml): 24 passed, 0 failed, 2 for a person to check."))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        /// Flows/web/patterns: every widget pattern page written here, operated by its keys, in each style,
        /// in English and in Bokmål. Each style and language is one `announce web check` with its own
        /// Chromium, a case of its own: each waits on the pages far more than it computes, so the eight
        /// run side by side with the rest, as many at once as the process-starting places allow.
        @Test("Every pattern page's flow passes in every reader's style, in English and Bokmål, its widgets operated by their keys",
              .enabled(if: WebTests.chromiumInstalled), arguments: ["voiceover", "talkback", "nvda", "orca"], ["en", "nb"])
        func patternPagesPassInEveryStyle(style: String, language: String) async throws {
            let mark = WebTests.Mark()
            let folder = "\(WebTests.pages)/patterns"
            let flows = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".\(language).yaml") }.sorted()
            #expect(flows.count == 14)
            let run = try await mark.run(["web", "check", "--sink", "null", "--style", style] + flows.map { "\(folder)/\($0)" })
            #expect(run.status == 0, "\(style): \(run.standardOutput)")
            #expect(run.standardOutput.contains("In all, \(flows.count) flows: ") && run.standardOutput.contains(", 0 failed."),
                    "\(style): \(run.standardOutput)")
            // Every step has phrases for this style: none is left unchecked.
            #expect(!run.standardError.unwrapped.contains("so it is not checked") && !run.standardError.unwrapped.contains("so they are not checked"),
                    "\(style): \(run.standardError)")
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("A pattern flow checked in a style it has no phrases for says so in one line, and does not pass on words it never checked",
              .enabled(if: WebTests.chromiumInstalled))
        func wrongPhrasesFailInTheirStyle() async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            let flow = """
            flow: Switch, with a wrong phrase
            language: en
            page: \(WebTests.pages)/patterns/switch.en.html
            steps:
              - next:
                expect: { says: { virtual: { nvda: "Email alerts, switch, on" } } }
              - press: Space
                expect: { says: "Email alerts, switch button, on" }
            """
            try flow.write(toFile: "\(folder)/wrong.en.yaml", atomically: true, encoding: .utf8)
            let run = try await mark.run(["web", "check", "--sink", "null", "--style", "nvda", "\(folder)/wrong.en.yaml"])
            #expect(run.status == 1)
            #expect(run.standardOutput.unwrapped.contains("FAIL: step 1, line 5, next: Expected \"Email alerts, switch, on\", but the step said \"Email alerts, switch, off\"."), "\(run.standardOutput)")
            #expect(run.standardError.unwrapped.contains("In \(folder)/wrong.en.yaml, 1 step has its says only in VoiceOver's phrasing, not in NVDA's, so it is not checked."), "\(run.standardError)")
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("web play sends the arrows to the page, so a radio group is operated and read as it moves, in NVDA's phrasing",
              .enabled(if: WebTests.chromiumInstalled))
        func playsARadioGroupByArrows() async throws {
            let mark = WebTests.Mark()
            let run = try await mark.run(["web", "play", "--sink", "null", "--style", "nvda", "\(WebTests.pages)/patterns/radio-group.en.html"],
                                              input: "\t\u{1B}[B\u{1B}[B\u{1B}[1;2A")
            #expect(run.status == 0, "\(run.standardError)")
            let lines = run.standardOutput.unwrapped.split(separator: "\n").map(String.init)
            var from = lines.startIndex
            for line in ["Pizza crust grouping. Regular crust, radio button, checked, 1 of 3", "Deep dish, radio button, checked, 2 of 3",
                         "Thin crust, radio button, checked, 3 of 3", "Deep dish, radio button, checked, 2 of 3"] {
                let found = lines[from...].firstIndex(of: line)
                #expect(found != nil, "\(line) in \(lines)")
                if let found { from = found + 1 }
            }
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("web play steps through the real login page by keys, printing and speaking each phrase and the alert, in English and Norwegian",
              .enabled(if: WebTests.chromiumInstalled), arguments: ["en", "nb"])
        func playsThePageByKeys(language: String) async throws {
            let mark = WebTests.Mark()
            let run = try await mark.run(["web", "play", "--sink", "null", "\(WebTests.pages)/login.\(language).html"], input: "\ttkari.nordmann\n\t\t \t\r")
            #expect(run.status == 0, "\(run.standardError)")
            let lines = run.standardOutput.unwrapped.split(separator: "\n").map(String.init)
            let expected = language == "en"
                ? ["Main, landmark. Email address, text field, required", "Type into Email address, then press Enter:", "Email address, kari.nordmann, text field, required",
                   "Password, secure text field, required", "Show password, switch button, off", "Hide password, switch button, on", "Sign in, button",
                   "Email address, kari.nordmann, text field, required. Error: Must be a valid email address",
                   "Announcement (assertive): Error: Must be a valid email address"]
                : ["Hovedinnhold, landemerke. E-postadresse, tekstfelt, obligatorisk", "E-postadresse, kari.nordmann, tekstfelt, obligatorisk",
                   "Passord, sikkert tekstfelt, obligatorisk", "Vis passord, bryter, av", "Skjul passord, bryter, på", "Logg inn, knapp",
                   "E-postadresse, kari.nordmann, tekstfelt, obligatorisk. Feil: Skriv inn en gyldig e-postadresse",
                   "Kunngjøring (haster): Feil: Skriv inn en gyldig e-postadresse"]
            // The page is named by its title, in the page's language, before anything is read.
            #expect(lines.contains(language == "en" ? "Playing the page Sign in, in English." : "Spiller av siden «Logg inn» på norsk bokmål."), "\(lines)")
            // Each in order, and nothing but plain lines.
            var from = lines.startIndex
            for line in expected {
                let found = lines[from...].firstIndex(of: line)
                #expect(found != nil, "\(line) in \(lines)")
                if let found { from = found + 1 }
            }
            #expect(!run.standardOutput.contains("\u{1B}"))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }
    }
}
