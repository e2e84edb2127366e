import Ducking
import Glibc
import PulseAudio

/// The ducker's state on one sound server: the `Ducker`'s decisions carried out through a
/// `PulseAudioConnection`, and kept in the state file while any stream is lowered.
/// Every method runs holding the connection's lock, on libpulse's thread or inside `locked`.
final class DuckSession: @unchecked Sendable {
    private(set) var ducker: Ducker
    /// Set once the connection has listed the streams.
    var connection: PulseAudioConnection?
    var stateFile: DuckedStreamsFile?
    private var refusalLogged = false

    init(ducker: Ducker) {
        self.ducker = ducker
    }

    func handle(_ event: PulseAudioEvent) {
        switch event {
        case let .reported(stream, serial):
            let before = ducker.ducked
            apply(ducker.reported(stream, serial: serial), keeping: before)
        case let .vanished(index):
            if let lowered = ducker.vanished(index: index) {
                if lowered.rememberedAs != nil {
                    connection?.giveBackRemembered(lowered)
                    DuckLog.say("A lowered stream ended while announcer spoke; its own volume is put back in what the sound server remembers.")
                } else {
                    DuckLog.say("A lowered stream ended while announcer spoke, so it has no volume to get back.")
                }
                save()
            }
        case let .refused(index, reason, missing):
            if missing || ducker.streams[index] == nil {
                if let lowered = ducker.vanished(index: index) {
                    connection?.giveBackRemembered(lowered)
                    DuckLog.say("A stream went away before its volume could be set, so it is left alone.")
                    save()
                }
            } else if !refusalLogged {
                refusalLogged = true
                DuckLog.say("The sound server refused to set a stream's volume (\(reason)), so that audio is not lowered.")
            }
        case let .lost(reason):
            DuckLog.say("The connection to the sound server ended (\(reason)), so other audio is not lowered until it is back.")
            connection = nil
        }
    }

    /// Speech began.
    func duck() {
        let before = ducker.ducked
        apply(ducker.duck(), keeping: before)
    }

    /// The hold after speech ran out, or the ducker ends.
    func restore() {
        let changes = ducker.restore()
        for change in changes { connection?.setVolume(change) }
        if !changes.isEmpty { save() }
    }

    /// Gives back what a ducker before this one left lowered, as the state file says.
    func recover() {
        guard let stateFile else { return }
        let left = stateFile.load()
        guard !left.isEmpty else { return }
        let changes = ducker.recovering(left)
        for change in changes { connection?.setVolume(change) }
        let ended = ducker.ended(left)
        for stream in ended { connection?.giveBackRemembered(stream) }
        DuckLog.say("Gave \(changes.count) of \(left.count) streams that an earlier ducker left lowered their own volume back"
            + (ended.isEmpty ? "." : ", and \(ended.count) that ended since their remembered one."))
        save()
    }

    /// The file is written before volumes are lowered, so a ducker killed between the two leaves it right.
    private func apply(_ changes: [VolumeChange], keeping before: [UInt32: DuckedStream]) {
        if ducker.ducked != before { save() }
        for change in changes {
            guard let connection else { return }
            ducker.sent(change, serial: connection.setVolume(change))
        }
    }

    private func save() {
        stateFile?.save(Array(ducker.ducked.values))
    }
}
