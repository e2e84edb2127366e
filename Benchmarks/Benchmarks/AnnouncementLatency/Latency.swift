/// The times from one announcement's arrival to its first audio and to its audible event.
struct Latency {
    var firstAudio: Duration
    var audible: Duration
}
