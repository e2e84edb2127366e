import TestSupport
import Foundation
import Testing

extension WebTests {
    /// The checks of a real page beside its flow: axe-core 4 injected through announce's own DevTools
    /// client, and the layout checks; each failing one way alone is one sentence, and the others still run.
    @Suite struct PageAudit {
        /// A small page with a button and a field, written to a folder of its own; `script` goes in its head.
        static func page(script: String = "") throws -> (folder: String, page: String) {
            let folder = try WebTests.folder()
            let page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Small page</title><script>\(script)</script></head>
            <body><main><h1>Small page</h1><label for="name">Name</label> <input id="name" autocomplete="name"> <button>Send</button></main></body></html>
            """
            try page.write(toFile: "\(folder)/small.html", atomically: true, encoding: .utf8)
            return (folder, "\(folder)/small.html")
        }

        @Test("axe-core that throws on a page is one sentence, and the layout checks still run", .enabled(if: AuditReportTests.browserReady))
        func axeThatThrowsIsOneSentence() async throws {
            let mark = WebTests.Mark()
            // The page's own axe.run, which axe-core's script cannot replace, throws.
            let (folder, page) = try Self.page(script: """
                Object.defineProperty(window, 'axe', { value: { version: '0', run() { throw new Error('broken on purpose'); } }, writable: false, configurable: false });
                """)
            let run = try await mark.run(["flow", "import", "--output", "\(folder)/small.yaml", page])
            #expect(run.status == 0, "\(run.standardError)")
            let said = run.standardError.unwrapped
            #expect(said.contains("axe-core failed on the page (Error: broken on purpose), so only the layout checks were made."), "\(said)")
            #expect(said.contains("The layout checks found 0 failures, and left 2 to a person."), "\(said)")
            #expect(!said.contains("axe-core 4.12.1 found"))
            #expect(FileManager.default.fileExists(atPath: "\(folder)/small.yaml"))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("A missing axe-core is one sentence saying how to get it; --no-axe leaves it out without a word", .enabled(if: WebTests.chromiumInstalled))
        func missingAxeIsOneSentence() async throws {
            let mark = WebTests.Mark()
            let (folder, page) = try Self.page()
            let missing = try await mark.run(["flow", "import", "--output", "\(folder)/small.yaml", page], environment: ["ANNOUNCER_AXE": "\(folder)/none.js"])
            #expect(missing.status == 0, "\(missing.standardError)")
            #expect(missing.standardError.unwrapped.contains("ANNOUNCER_AXE names \(folder)/none.js, which is not axe-core's axe.min.js, so axe-core does not check the page; name the file, or turn it off with --no-axe."), "\(missing.standardError)")
            #expect(missing.standardError.unwrapped.contains("The layout checks found 0 failures"))
            let cache = try WebTests.folder()
            let unfetched = try await mark.run(["flow", "import", "--output", "\(folder)/small.yaml", page], environment: ["XDG_CACHE_HOME": cache])
            #expect(unfetched.standardError.unwrapped.contains("axe-core is not installed, so it does not check the page; run scripts/install-deps, which keeps it in \(cache)/announcer/axe, or turn it off with --no-axe."), "\(unfetched.standardError)")
            let off = try await mark.run(["flow", "import", "--no-axe", "--output", "\(folder)/small.yaml", page], environment: ["XDG_CACHE_HOME": cache])
            #expect(off.status == 0)
            #expect(!off.standardError.contains("axe-core"), "\(off.standardError)")
            #expect(off.standardError.unwrapped.contains("The layout checks found 0 failures"))
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }

        @Test("A report folder that cannot be written is one sentence, before any flow is checked or any browser started")
        func unwritableReportFolderIsOneSentence() async throws {
            // A folder cannot be made inside a file, whoever runs the test.
            let folder = try WebTests.folder()
            try "a file".write(toFile: "\(folder)/file", atomically: true, encoding: .utf8)
            let run = try await AnnounceProcess.run(["web", "check", "--sink", "null", "--report", "\(folder)/file/report", "\(WebTests.pages)/login-broken.en.yaml"])
            #expect(run.status != 0)
            #expect(run.standardError.unwrapped == "Error: The report cannot be written to the folder \(folder)/file/report; choose one you can write to.\n", "\(run.standardError)")
            #expect(run.standardOutput.isEmpty)
        }

        @Test("The layout checks measure focus by its pixels: a page that takes its outline away fails 2.4.7 at that element alone",
              .enabled(if: WebTests.chromiumInstalled))
        func focusWithoutOutlineFails() async throws {
            let mark = WebTests.Mark()
            let folder = try WebTests.folder()
            try """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Focus</title>
            <style>#quiet:focus { outline: none; } button { padding: 8px 16px; margin: 16px; }</style></head>
            <body><main><h1>Focus</h1><button id="loud">Shown</button><button id="quiet">Hidden</button></main></body></html>
            """.write(toFile: "\(folder)/focus.html", atomically: true, encoding: .utf8)
            let run = try await mark.run(["flow", "import", "--no-axe", "--output", "\(folder)/focus.yaml", "\(folder)/focus.html"])
            #expect(run.status == 0, "\(run.standardError)")
            let said = run.standardError.unwrapped
            #expect(said.contains("FAIL: page, 2.4.7 Focus Visible, focus-visible: After Tab, the focused element \"Hidden\" (button#quiet)"), "\(said)")
            #expect(!said.contains("\"Shown\" (button#loud) (its box"), "\(said)")
            #expect(said.contains("The layout checks found 1 failures, and left 2 to a person."), "\(said)")
            #expect(mark.alive().isEmpty, "\(mark.alive())")
        }
    }
}
