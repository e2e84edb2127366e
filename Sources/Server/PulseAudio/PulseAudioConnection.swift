import CPulseAudio
public import Ducking
import Glibc

/// A connection to the PulseAudio server, or to PipeWire's (pipewire-pulse), through libpulse's own
/// thread (`pa_threaded_mainloop`): its playback streams as they come, change and go, and their volumes set.
///
/// `handler` hears every `PulseAudioEvent` on libpulse's thread with the connection's lock held; it may
/// call `setVolume` there. Any other thread calls `setVolume` inside `locked`.
public final class PulseAudioConnection: @unchecked Sendable {
    private let mainloop: OpaquePointer
    private let context: OpaquePointer
    private let handler: (PulseAudioEvent) -> Void
    /// Serials of the stream reads not yet answered, oldest first: the server answers in order.
    private var pendingReads: [UInt64] = []
    private var serial: UInt64 = 0
    /// Volume requests not yet answered.
    private var pendingVolumes = 0
    private var isReady = false
    private var listed = false
    /// `PA_INVALID_INDEX`, which Swift does not import (its C definition overflows a UInt32 literal).
    private static let every = UInt32.max

    /// Connects as the client `name` to the server libpulse finds ($PULSE_SERVER, else the user's),
    /// and returns once it has listed every playback stream.
    public init(name: String, handler: @escaping (PulseAudioEvent) -> Void) throws(PulseAudioError) {
        guard let mainloop = pa_threaded_mainloop_new() else { throw PulseAudioError("libpulse could not start its thread.") }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), name) else {
            pa_threaded_mainloop_free(mainloop)
            throw PulseAudioError("libpulse could not make a connection.")
        }
        self.mainloop = mainloop
        self.context = context
        self.handler = handler
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_context_set_state_callback(context, { context, me in
            Unmanaged<PulseAudioConnection>.fromOpaque(me!).takeUnretainedValue().stateChanged()
        }, me)
        pa_context_set_subscribe_callback(context, { _, type, index, me in
            Unmanaged<PulseAudioConnection>.fromOpaque(me!).takeUnretainedValue().streamEvent(type, index: index)
        }, me)
        pa_threaded_mainloop_lock(mainloop)
        // No autospawn: a missing server is reported, never started behind the user's back.
        let started = pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 && pa_threaded_mainloop_start(mainloop) >= 0
        var failure: PulseAudioError?
        if !started {
            failure = PulseAudioError(message)
        } else {
            while !isReady, failure == nil {
                let state = pa_context_get_state(context)
                if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
                    failure = PulseAudioError(message)
                } else {
                    pa_threaded_mainloop_wait(mainloop)
                }
            }
        }
        if failure == nil {
            pa_operation_unref(pa_context_subscribe(context, PA_SUBSCRIPTION_MASK_SINK_INPUT, nil, nil))
            read(Self.every)
            while !listed, isReady { pa_threaded_mainloop_wait(mainloop) }
            if !isReady { failure = PulseAudioError(message) }
        }
        pa_threaded_mainloop_unlock(mainloop)
        if let failure {
            close()
            throw failure
        }
    }

    /// The server's address, as libpulse names it.
    public var server: String {
        locked { pa_context_get_server(context).map { String(cString: $0) } ?? "default" }
    }

    /// Runs `body` holding the connection's lock, as `setVolume` needs off libpulse's thread.
    public func locked<T>(_ body: () -> T) -> T {
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return body()
    }

    /// Asks the server to set one stream's volume; returns the request's serial. Holding the lock.
    @discardableResult
    public func setVolume(_ change: VolumeChange) -> UInt64 {
        serial += 1
        var volume = Self.cvolume(change.volume)
        let box = Unmanaged.passRetained(VolumeRequest(connection: self, index: change.index)).toOpaque()
        pendingVolumes += 1
        let operation = pa_context_set_sink_input_volume(context, change.index, &volume, { context, success, box in
            let request = Unmanaged<VolumeRequest>.fromOpaque(box!).takeRetainedValue()
            request.connection.volumeAnswered()
            guard success == 0 else { return }
            let code = pa_context_errno(context)
            request.connection.handler(.refused(
                index: request.index, reason: String(cString: pa_strerror(code)), missing: code == Int32(PA_ERR_NOENTITY.rawValue)))
        }, box)
        if let operation {
            pa_operation_unref(operation)
        } else {
            pendingVolumes -= 1
            Unmanaged<VolumeRequest>.fromOpaque(box).release()
        }
        return serial
    }

    /// Waits until the server has answered every volume request, or the connection has ended.
    /// Holding the lock, off libpulse's thread.
    public func waitForAnswers() {
        while pendingVolumes > 0, isReady { pa_threaded_mainloop_wait(mainloop) }
    }

    private func volumeAnswered() {
        pendingVolumes -= 1
        pa_threaded_mainloop_signal(mainloop, 0)
    }

    /// False once the server has ended the connection.
    public var isConnected: Bool { isReady }

    /// Ends the connection and libpulse's thread. Not from libpulse's thread.
    public func close() {
        pa_threaded_mainloop_stop(mainloop)
        pa_context_set_state_callback(context, nil, nil)
        pa_context_set_subscribe_callback(context, nil, nil)
        pa_context_disconnect(context)
        pa_context_unref(context)
        pa_threaded_mainloop_free(mainloop)
    }

    /// libpulse's last error, in its words.
    private var message: String { String(cString: pa_strerror(pa_context_errno(context))) }

    private func stateChanged() {
        switch pa_context_get_state(context) {
        case PA_CONTEXT_READY:
            isReady = true
        case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
            let wasReady = isReady
            isReady = false
            if wasReady, listed { handler(.lost(reason: message)) }
        default:
            break
        }
        pa_threaded_mainloop_signal(mainloop, 0)
    }

    private func streamEvent(_ type: pa_subscription_event_type_t, index: UInt32) {
        guard type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue else { return }
        if type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue {
            handler(.vanished(index: index))
        } else {
            read(index)
        }
    }

    /// Asks for one stream, or with `every` for all of them.
    private func read(_ index: UInt32) {
        serial += 1
        pendingReads.append(serial)
        let me = Unmanaged.passUnretained(self).toOpaque()
        let callback: pa_sink_input_info_cb_t = { _, info, end, me in
            Unmanaged<PulseAudioConnection>.fromOpaque(me!).takeUnretainedValue().answered(info, end: end)
        }
        let operation = index == Self.every
            ? pa_context_get_sink_input_info_list(context, callback, me)
            : pa_context_get_sink_input_info(context, index, callback, me)
        if let operation { pa_operation_unref(operation) } else { pendingReads.removeLast() }
    }

    private func answered(_ info: UnsafePointer<pa_sink_input_info>?, end: Int32) {
        guard end == 0, let info = info?.pointee else {
            if !pendingReads.isEmpty { pendingReads.removeFirst() }
            if !listed {
                listed = true
                pa_threaded_mainloop_signal(mainloop, 0)
            }
            return
        }
        var volume = info.volume
        let values = withUnsafeBytes(of: &volume.values) { raw in Array(raw.bindMemory(to: UInt32.self).prefix(Int(volume.channels))) }
        let stream = PlaybackStream(
            index: info.index, volume: ChannelVolumes(values), processID: Self.processID(in: info.proplist),
            volumeIsWritable: info.has_volume != 0 && info.volume_writable != 0, rememberedAs: Self.rememberedName(in: info.proplist),
            isMuted: info.mute != 0)
        let read = pendingReads.first ?? serial
        guard stream.processID == nil, info.client != Self.every else {
            handler(.reported(stream, serial: read))
            return
        }
        // PipeWire names the process only on the stream's client (pipewire-alsa's streams, for one).
        let box = Unmanaged.passRetained(ClientRequest(connection: self, stream: stream, serial: read)).toOpaque()
        let operation = pa_context_get_client_info(context, info.client, { _, client, end, box in
            let request = Unmanaged<ClientRequest>.fromOpaque(box!)
            if end == 0, let client {
                request.takeUnretainedValue().stream.processID = PulseAudioConnection.processID(in: client.pointee.proplist)
                return
            }
            let answered = request.takeRetainedValue()
            answered.connection.handler(.reported(answered.stream, serial: answered.serial))
        }, box)
        if let operation {
            pa_operation_unref(operation)
        } else {
            Unmanaged<ClientRequest>.fromOpaque(box).release()
            handler(.reported(stream, serial: read))
        }
    }

    /// Where a stream ended while lowered, the sound server remembers its lowered volume for the next
    /// stream of the same application or role (PulseAudio's module-stream-restore, WirePlumber through
    /// pipewire-pulse). Gives the remembered entry `stream.original` back, unless it no longer holds the
    /// lowered volume: then its user changed it, and it is left alone. Holding the lock.
    ///
    /// WirePlumber 0.4 lists no application's entry, though it takes one written: there, an entry not
    /// listed is written whole with the stream's own volume and mute, when both are known.
    public func giveBackRemembered(_ stream: DuckedStream) {
        guard stream.rememberedAs != nil else { return }
        let box = Unmanaged.passRetained(RememberedRequest(connection: self, stream: stream)).toOpaque()
        let operation = pa_ext_stream_restore_read(context, { context, info, end, box in
            let request = Unmanaged<RememberedRequest>.fromOpaque(box!)
            let remembered = request.takeUnretainedValue()
            guard end == 0, let info = info?.pointee else {
                // Only at the list's end: a failed read (end < 0, no stream-restore module) writes nothing.
                if end > 0, !remembered.found, let context { remembered.writeWhole(context) }
                request.release()
                return
            }
            guard let name = info.name, String(cString: name) == remembered.stream.rememberedAs else { return }
            remembered.found = true
            var entry = info
            var volume = entry.volume
            let values = withUnsafeBytes(of: &volume.values) { raw in Array(raw.bindMemory(to: UInt32.self).prefix(Int(volume.channels))) }
            // The entry keeps the volume in its own channel map: its loudest channel tells whether it is the lowered one.
            guard let loudest = values.max(), let lowered = remembered.stream.lowered.values.max(),
                  let original = remembered.stream.original.values.max(),
                  ChannelVolumes([loudest]).isSame(as: ChannelVolumes([lowered])) else { return }
            pa_cvolume_scale(&entry.volume, original)
            PulseAudioConnection.write(entry, on: context)
        }, box)
        if let operation { pa_operation_unref(operation) } else { Unmanaged<RememberedRequest>.fromOpaque(box).release() }
    }

    /// Sets one entry of the remembered volumes. REPLACE sets this entry and leaves the others (SET would
    /// clear them all, MERGE would keep the old entry).
    fileprivate static func write(_ entry: pa_ext_stream_restore_info, on context: OpaquePointer?) {
        var entry = entry
        let written = withUnsafePointer(to: &entry) { pa_ext_stream_restore_write(context, PA_UPDATE_REPLACE, $0, 1, 0, nil, nil) }
        if let written { pa_operation_unref(written) }
    }

    /// `volumes` in libpulse's form, at most `PA_CHANNELS_MAX` channels of them.
    fileprivate static func cvolume(_ volumes: ChannelVolumes) -> pa_cvolume {
        var volume = pa_cvolume()
        volume.channels = UInt8(min(volumes.values.count, Int(PA_CHANNELS_MAX)))
        withUnsafeMutableBytes(of: &volume.values) { raw in
            let values = raw.bindMemory(to: UInt32.self)
            for (channel, value) in volumes.values.prefix(Int(PA_CHANNELS_MAX)).enumerated() { values[channel] = value }
        }
        return volume
    }

    /// The name the sound server remembers a stream's volume under, made as module-stream-restore makes it
    /// (and pipewire-pulse reads it): the stream's own choice, else its role, application or media.
    private static func rememberedName(in properties: OpaquePointer?) -> String? {
        if let chosen = pa_proplist_gets(properties, "module-stream-restore.id") { return usable(String(cString: chosen)) }
        let kinds = [(PA_PROP_MEDIA_ROLE, "media-role"), (PA_PROP_APPLICATION_ID, "application-id"),
                     (PA_PROP_APPLICATION_NAME, "application-name"), (PA_PROP_MEDIA_NAME, "media-name")]
        for (property, kind) in kinds {
            if let value = pa_proplist_gets(properties, property) { return usable("sink-input-by-\(kind):\(String(cString: value))") }
        }
        return nil
    }

    /// A name kept on one line of the state file, or none.
    private static func usable(_ name: String) -> String? {
        name.contains(where: \.isNewline) ? nil : name
    }

    /// The process a stream's or client's properties name.
    private static func processID(in properties: OpaquePointer?) -> Int32? {
        pa_proplist_gets(properties, PA_PROP_APPLICATION_PROCESS_ID).flatMap { Int32(String(cString: $0)) }
    }
}

/// What a client request's answer needs: the stream it completes, and the serial of the read that found it.
private final class ClientRequest {
    let connection: PulseAudioConnection
    var stream: PlaybackStream
    let serial: UInt64

    init(connection: PulseAudioConnection, stream: PlaybackStream, serial: UInt64) {
        self.connection = connection
        self.stream = stream
        self.serial = serial
    }
}

/// What a remembered volume's read needs: the connection, the lowered stream whose entry it looks for,
/// and whether the server listed it.
private final class RememberedRequest {
    let connection: PulseAudioConnection
    let stream: DuckedStream
    var found = false

    init(connection: PulseAudioConnection, stream: DuckedStream) {
        self.connection = connection
        self.stream = stream
    }

    /// Writes the entry the server did not list: the stream's own volume in the default channel map, and
    /// its mute; nothing when the mute is not known.
    func writeWhole(_ context: OpaquePointer) {
        guard let name = stream.rememberedAs, let muted = stream.wasMuted else { return }
        var entry = pa_ext_stream_restore_info()
        entry.volume = PulseAudioConnection.cvolume(stream.original)
        guard entry.volume.channels > 0,
              pa_channel_map_init_auto(&entry.channel_map, UInt32(entry.volume.channels), PA_CHANNEL_MAP_DEFAULT) != nil else { return }
        entry.mute = muted ? 1 : 0
        name.withCString { pointer in
            entry.name = pointer
            PulseAudioConnection.write(entry, on: context)
        }
    }
}

/// What a volume request's answer needs: the connection and the stream it was for.
private final class VolumeRequest {
    let connection: PulseAudioConnection
    let index: UInt32

    init(connection: PulseAudioConnection, index: UInt32) {
        self.connection = connection
        self.index = index
    }
}


