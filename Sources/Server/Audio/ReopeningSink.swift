import Synchronization

/// A sound device that can be let go after a fault and opened again, so a sound server that was
/// restarted, or a device that came back, is used again without restarting the program.
///
/// It wraps the sink its `open` closure makes. After `abandonDevice()` it holds none, and every
/// write fails until `reopen()` succeeds. Cuts have a count of their own, so a cut is never lost
/// across a change of device. The playback thread decides when to let go and when to try again.
public final class ReopeningSink: AudioSink {
    public let name: String
    public let format: AudioFormat
    private let open: @Sendable () throws(AudioError) -> any AudioSink
    /// The open device, or why there is none. Cuts and closes take this lock, so a device is never
    /// cut after it was closed.
    private let device: Mutex<Result<any AudioSink, AudioError>>
    private let cutGeneration = Atomic<UInt64>(0)

    /// Opens the device once; a device that cannot be opened now is an error, as with any sink, unless
    /// `waitingForDevice`: then the sink starts without one, as after a fault, and `reopen()` opens it
    /// when it comes (a server started at login before its sound server).
    public init(
        name: String, format: AudioFormat, waitingForDevice: Bool = false,
        open: @escaping @Sendable () throws(AudioError) -> any AudioSink
    ) throws(AudioError) {
        self.name = name
        self.format = format
        self.open = open
        do throws(AudioError) {
            self.device = Mutex(.success(try open()))
        } catch {
            guard waitingForDevice else { throw error }
            self.device = Mutex(.failure(error))
        }
    }

    /// Why no device is open now; nil while one is.
    public var fault: AudioError? {
        device.withLock { if case let .failure(error) = $0 { error } else { nil } }
    }

    /// True while a device is open.
    public var isOpen: Bool {
        device.withLock { if case .success = $0 { true } else { false } }
    }

    /// Closes the device after a fault; until `reopen()` succeeds, using the sink fails with `fault`.
    public func abandonDevice(after fault: AudioError) {
        device.withLock { device in
            if case let .success(sink) = device { sink.close() }
            device = .failure(fault)
        }
    }

    /// Opens the device again, closing any that is open. Throws, and stays without a device, if it cannot.
    public func reopen() throws(AudioError) {
        abandonDevice(after: .deviceUnavailable(device: name, detail: "it is being opened again"))
        let opened: any AudioSink
        do throws(AudioError) { opened = try open() } catch {
            abandonDevice(after: error)
            throw error
        }
        device.withLock { $0 = .success(opened) }
    }

    private func current() throws(AudioError) -> any AudioSink {
        try device.withLock { $0 }.get()
    }

    public func beginUtterance() throws(AudioError) {
        try current().beginUtterance()
    }

    public func rest() {
        try? current().rest()
    }

    public var cutMark: CutMark { CutMark(count: cutGeneration.load(ordering: .acquiring)) }

    public func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) throws(AudioError) -> Bool {
        let sink = try current()
        // The device's own mark first, then this sink's: a cut between the two is seen by the second
        // check, and one after both by the device, because `cut` counts here before it cuts the device.
        let deviceMark = sink.cutMark
        guard cutGeneration.load(ordering: .acquiring) == mark.count else { return false }
        return try sink.write(samples, unlessCutSince: deviceMark)
    }

    public func outputDelay() -> Duration {
        (try? current().outputDelay()) ?? .zero
    }

    public func waitUntilPlayed() throws(AudioError) -> Bool {
        let generation = cutGeneration.load(ordering: .acquiring)
        let played = try current().waitUntilPlayed()
        return played && cutGeneration.load(ordering: .acquiring) == generation
    }

    public func cut() {
        cutGeneration.add(1, ordering: .releasing)
        device.withLock { device in
            if case let .success(sink) = device { sink.cut() }
        }
    }

    public func close() {
        cutGeneration.add(1, ordering: .releasing)
        device.withLock { device in
            if case let .success(sink) = device { sink.close() }
            device = .failure(.deviceUnavailable(device: name, detail: "it was closed"))
        }
    }
}
