public import Ducking

/// What the sound server reports about its playback streams.
public enum PulseAudioEvent: Sendable {
    /// A stream is there, new or changed, as the request numbered `serial` read it.
    case reported(PlaybackStream, serial: UInt64)
    /// A stream went away.
    case vanished(index: UInt32)
    /// The server refused to set a stream's volume; `missing` when the stream was gone.
    case refused(index: UInt32, reason: String, missing: Bool)
    /// The connection ended: the server stopped or dropped this client.
    case lost(reason: String)
}
