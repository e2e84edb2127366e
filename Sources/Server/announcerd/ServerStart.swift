import AnnouncerCommandLine
import AnnouncerEngine

/// The server's start, as one object made first thing in `main`: the clock of its stages, for the line
/// that says it started, and what the engine needs begun ahead (the synthesis worker, then the device).
struct ServerStart: Sendable {
    let times = StartupTimes()
    let headStart: EngineHeadStart

    init(startingWorker: Bool, warmStandby: Bool) {
        headStart = EngineHeadStart(startingWorker: startingWorker, warmStandby: warmStandby)
    }
}
