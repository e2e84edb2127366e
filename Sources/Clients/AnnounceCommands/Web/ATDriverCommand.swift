import ATDriver
import AnnouncerCommandLine
import AnnouncerWeb
import ArgumentParser
import Foundation
import Logging
import ScreenReaderRig

/// `announce at-driver`: the W3C AT Driver protocol for the real Orca, on a private desktop.
struct ATDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "at-driver",
        abstract: "Serve the W3C AT Driver protocol for the real Orca, reading Chromium on a private desktop.",
        usage: """
        announce at-driver [--port PORT] [--key-echo] [--page PAGE] [--sink SINK]
          [--speech-address unix_socket:PATH]
        """,
        discussion: """
        Starts a private X desktop (Xvfb, D-Bus, the accessibility bus), announcerd as Orca's speech \
        server, Orca and Chromium, then serves AT Driver on a WebSocket at ws://HOST:PORT/session: \
        session.new, the settings commands (keyEcho, rate), interaction.userIntent pressKeys (and the \
        older interaction.pressKeys), and interaction.capturedOutput events with Orca's words as \
        announcerd received them, with the vendor field announcer:timing (key sent, received, first \
        audio, in milliseconds on one clock). The vendor command announcer:page.open {url} opens a page; \
        session.new names the X display, for a WebDriver client. Ctrl-C or SIGTERM ends every process \
        it started. docs/SCREEN-READERS.md has a session transcript.
        """
    )

    @Option(help: "The port to listen on, on 127.0.0.1.")
    var port = ATDriverServer.defaultPort

    @Flag(help: "Start Orca with its key echo on (it can be changed with settings.setSettings).")
    var keyEcho = false

    @Option(help: ArgumentHelp("A page to open before serving: a URL, or a local HTML file.", valueName: "PAGE"))
    var page: String?

    @Option(help: ArgumentHelp("The sound device Orca's speech plays to: alsa, alsa:DEVICE, null or wav:FILE. By default ALSA's default device.", valueName: "SINK"))
    var sink: String?

    @Option(help: ArgumentHelp(
        "Another SSIP server for Orca to speak to, such as Speech Dispatcher, to compare the two (Benchmarks/screen-reader); nothing is captured then.",
        valueName: "unix_socket:PATH"))
    var speechAddress: String?

    func run() throws {
        var options = OrcaDesktop.Options(announcerd: OrcaDesktop.announcerdBeside())
        options.settings = OrcaSettings(keyEcho: keyEcho)
        if let sink { options.serverArguments = ["--sink", sink] }
        options.speechAddress = speechAddress
        let rig: OrcaDesktop
        do throws(RigError) { rig = try WebSession.shared.orca(options) } catch {
            WebSession.shared.waitIfInterrupted()
            throw CommandFailure(error.description)
        }
        if let page {
            PlainOutput.error("Opening \(page).")
            do throws(RigError) { _ = try rig.open(WebPage.url(for: page)) } catch {
                WebSession.shared.close()
                throw CommandFailure(error.description)
            }
        }
        var logger = Logger(label: "announce.at-driver")
        logger.logLevel = .notice
        let server: ATDriverServer
        do {
            server = try ATDriverServer.start(host: "127.0.0.1", port: port, backend: OrcaDriverBackend(rig: rig), logger: logger)
        } catch {
            WebSession.shared.close()
            throw CommandFailure("\(error)")
        }
        WebSession.shared.onInterrupt { _ in server.close() }
        // A readiness line tests and scripts can read as data: the address, then the display.
        FileHandle.standardOutput.write(Data("ready ws://127.0.0.1:\(server.port)/session display \(rig.display)\n".utf8))
        PlainOutput.error("Serving AT Driver at ws://127.0.0.1:\(server.port)/session for Orca \(rig.orcaVersion) on the display \(rig.display). Ctrl-C ends it.")
        // A part that ends (Orca or Chromium crashing) ends the whole desktop and the server.
        while !server.waitUntilClosed(timeout: .milliseconds(200)) {
            if let (part, status) = rig.desktop.endedPart() {
                PlainOutput.error("\(part) ended \(status), so the desktop and the server are closed.")
                server.close()
                WebSession.shared.close()
                throw ExitCode.failure
            }
        }
        // Closed by Ctrl-C or SIGTERM: the signal's handler ends the desktop and exits; this thread must not
        // return first and end the process half-way.
        WebSession.shared.waitIfInterrupted()
        WebSession.shared.close()
    }
}
