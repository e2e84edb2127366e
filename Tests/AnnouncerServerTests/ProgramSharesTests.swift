import AnnouncerCore
@testable import AnnouncerServer
import Glibc
import Logging
import NIOEmbedded
import Testing

/// Connections grouped into one share by process and by program, as values.
@Suite struct ProgramSharesTests {
    let a = ClientID(1), b = ClientID(2), c = ClientID(3), d = ClientID(4)
    let now = MonotonicInstant(microseconds: 1_000_000_000)

    /// Should put every connection of one process in the share of the first.
    @Test("Connections of one process share the share of the first of them")
    func connectionsOfOneProcessShare() {
        var shares = ProgramShares()
        #expect(shares.identify(a, by: [.process(10)], at: now).isEmpty)
        #expect(shares.identify(b, by: [.process(10)], at: now) == [.init(client: b, share: ShareID(a))])
        #expect(shares.share(of: b) == ShareID(a))
        #expect(shares.memberCount(of: a) == 2)
    }

    /// Should put processes of one program, such as every spd-say, in one share.
    @Test("Processes of one program share, by executable or by SSIP client name")
    func processesOfOneProgramShare() {
        var shares = ProgramShares()
        _ = shares.identify(a, by: [.process(10), .program("exe /usr/bin/spd-say")], at: now)
        _ = shares.identify(b, by: [.process(11), .program("exe /usr/bin/spd-say")], at: now)
        _ = shares.identify(c, by: [.process(12)], at: now)
        _ = shares.identify(c, by: [.program("ssip root:spd-say")], at: now)
        _ = shares.identify(b, by: [.program("ssip root:spd-say")], at: now)
        #expect(Set([a, b, c].map(shares.share(of:))) == [ShareID(a)])
    }

    /// Should join two shares that turn out to be one program, the smaller into the larger.
    @Test("Two shares that meet become one, the smaller joining the larger")
    func sharesThatMeetMerge() {
        var shares = ProgramShares()
        _ = shares.identify(a, by: [.process(10)], at: now)
        _ = shares.identify(b, by: [.process(10)], at: now)
        _ = shares.identify(c, by: [.process(20), .program("exe /usr/bin/python3.11 flood.py")], at: now)
        let changes = shares.identify(d, by: [.process(10), .program("exe /usr/bin/python3.11 flood.py")], at: now)
        #expect(changes.contains(.init(client: c, share: ShareID(a))))
        #expect(Set([a, b, c, d].map(shares.share(of:))) == [ShareID(a)])
    }

    /// Should keep programs apart that have nothing in common.
    @Test("Different programs keep shares of their own")
    func differentProgramsStayApart() {
        var shares = ProgramShares()
        _ = shares.identify(a, by: [.process(10), .program("exe /usr/bin/python3.11 /usr/bin/orca"), .program("ssip root:Orca")], at: now)
        _ = shares.identify(b, by: [.process(11), .program("exe /usr/bin/python3.11 flood.py")], at: now)
        #expect(shares.share(of: a) != shares.share(of: b))
    }

    /// Should forget a share once its last connection left, and a process's tie with it.
    @Test("Leaving forgets what no open connection holds")
    func leavingForgetsEverything() {
        var shares = ProgramShares()
        _ = shares.identify(a, by: [.process(10), .program("exe /bin/x")], at: now)
        _ = shares.identify(b, by: [.process(10)], at: now)
        shares.leave(a, at: now)
        #expect(shares.share(of: b) == ShareID(a), "the share keeps its name while one of its connections stays")
        shares.leave(b, at: now)
        #expect(shares.isEmpty)
        #expect(shares.identify(c, by: [.process(10)], at: now).isEmpty, "a new connection of a process seen before starts a share of its own")
        #expect(shares.share(of: c) == ShareID(c))
    }

    /// Should give a program's next connection its share back, though each closed before the next came, as spd-say's do.
    @Test("A program's connection after its last one closed rejoins its share, within a minute")
    func aProgramComingBackRejoinsItsShare() {
        var shares = ProgramShares()
        _ = shares.identify(a, by: [.process(10), .program("exe /usr/bin/spd-say")], at: now)
        shares.leave(a, at: now)
        #expect(shares.identify(b, by: [.process(11), .program("exe /usr/bin/spd-say")], at: now + .seconds(5)) == [.init(client: b, share: ShareID(a))])
        shares.leave(b, at: now + .seconds(6))
        #expect(shares.identify(c, by: [.process(12), .program("exe /usr/bin/spd-say")], at: now + .seconds(67)).isEmpty, "forgotten after a minute")
        #expect(shares.share(of: c) == ShareID(c))
    }

    /// Should name an interpreter's program by its script, since every Python program has the same executable.
    @Test("An interpreter's program is its script", arguments: [
        (["/usr/bin/python3", "-u", "flood.py", "--fast"], "flood.py"),
        (["python3", "-m", "speechd_test"], "-m speechd_test"),
        (["bash", "-c", "spd-say hello"], "-c"),
        (["/usr/bin/orca"], nil),
    ] as [([String], String?)])
    func interpretersAreKnownByTheirScript(arguments: [String], script: String?) {
        #expect(PeerCredentials.script(in: arguments) == script)
        #expect(PeerCredentials.isInterpreter("python3.11") && PeerCredentials.isInterpreter("bash") && !PeerCredentials.isInterpreter("spd-say"))
    }

    /// Should read this very process's program from /proc.
    @Test("The program of a process is read from /proc")
    func programOfThisProcess() throws {
        let program = try #require(PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()).program)
        #expect(program.hasPrefix("/"), "\(program)")
        #expect(PeerCredentials(pid: Int32.max, uid: 0, gid: 0).program == nil)
    }

    /// Should hold a program's connections together to one client's rate, so more connections send no faster.
    @Test("The connections of one program share one rate; another program's is its own")
    func connectionsOfOneProgramShareOneRate() {
        let registry = ClientRegistry(limits: ClientLimits(rate: .init(burst: 3, perSecond: 1), maxPending: nil, maxTextBytes: nil), logger: Logger(label: "test"))
        let loop = EmbeddedEventLoop()
        let (first, second, other) = (registry.open(), registry.open(), registry.open())
        _ = registry.identify(first, by: [.process(10)])
        _ = registry.identify(second, by: [.process(10)])
        _ = registry.identify(other, by: [.process(20)])
        #expect(first.admit(textBytes: 1, eventLoop: loop) == nil)
        #expect(first.admit(textBytes: 1, eventLoop: loop) == nil)
        #expect(second.admit(textBytes: 1, eventLoop: loop) == nil)
        #expect(second.admit(textBytes: 1, eventLoop: loop) == .rate, "the program's three at once are spent")
        #expect(other.admit(textBytes: 1, eventLoop: loop) == nil)
        #expect(first.share == second.share)
    }
}
