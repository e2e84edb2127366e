import AnnouncerCore
import AnnouncerServer
import Testing

/// The per-client allowance as a value, with time moved by hand.
struct ClientAllowanceTests {
    private let start = MonotonicInstant(microseconds: 1_000_000_000)
    private let limits = ClientLimits(rate: .init(burst: 3, perSecond: 2), maxPending: nil, maxTextBytes: 100)

    private func at(_ milliseconds: Int64) -> MonotonicInstant { start + .milliseconds(milliseconds) }

    /// Should accept a whole burst at once, then refuse the next for its rate.
    @Test func burstIsAcceptedThenRateIsRefused() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { #expect(allowance.admit(textBytes: 10, at: start) == .accepted(nil)) }
        #expect(allowance.admit(textBytes: 10, at: start) == .refused(.rate, .started(.rate)))
    }

    /// Should earn back one announcement per 1/rate seconds, and no more.
    @Test func bucketRefillsAtItsRate() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        #expect(allowance.admit(textBytes: 10, at: at(499)) == .refused(.rate, .started(.rate)))
        #expect(allowance.admit(textBytes: 10, at: at(500)) == .accepted(nil))
        #expect(allowance.admit(textBytes: 10, at: at(500)) == .refused(.rate, nil))
    }

    /// Should never hold more than its burst, however long the client was quiet.
    @Test func bucketNeverHoldsMoreThanItsBurst() {
        var allowance = ClientAllowance(limits: limits, at: start)
        let later = start + .seconds(3_600)
        for _ in 0..<3 { #expect(allowance.admit(textBytes: 10, at: later) == .accepted(nil)) }
        #expect(allowance.admit(textBytes: 10, at: later) == .refused(.rate, .started(.rate)))
    }

    /// Should not charge a refused announcement: a client that keeps sending while refused still gets its rate.
    @Test func refusalsCostNoTokens() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        for step in 1...9 { _ = allowance.admit(textBytes: 10, at: at(Int64(step) * 50)) }
        #expect(allowance.admit(textBytes: 10, at: at(500)) == .accepted(nil))
    }

    /// Should refuse beyond the pending limit until one of the client's announcements ends.
    @Test func pendingLimitRefusesUntilOneEnds() {
        var allowance = ClientAllowance(limits: ClientLimits(rate: nil, maxPending: 2, maxTextBytes: nil), at: start)
        #expect(allowance.admit(textBytes: 10, at: start) == .accepted(nil))
        #expect(allowance.admit(textBytes: 10, at: start) == .accepted(nil))
        #expect(allowance.admit(textBytes: 10, at: start) == .refused(.pending, .started(.pending)))
        allowance.ended()
        #expect(allowance.pending == 1)
        #expect(allowance.admit(textBytes: 10, at: at(1)) == .accepted(nil))
    }

    /// Should refuse a text over the limit without counting the client as throttled.
    @Test func textOverTheLimitIsRefusedWithoutThrottling() {
        var allowance = ClientAllowance(limits: limits, at: start)
        #expect(allowance.admit(textBytes: 100, at: start) == .accepted(nil))
        #expect(allowance.admit(textBytes: 101, at: start) == .refused(.textLength, nil))
        #expect(!allowance.isThrottled)
        #expect(allowance.pending == 1)
    }

    /// Should start an episode at the first refusal, once, and end it only after a quiet second.
    @Test func throttlingStartsOnceAndStopsAfterAQuietSecond() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        #expect(allowance.admit(textBytes: 10, at: at(10)) == .refused(.rate, .started(.rate)))
        #expect(allowance.admit(textBytes: 10, at: at(20)) == .refused(.rate, nil))
        #expect(allowance.admit(textBytes: 10, at: at(30)) == .refused(.rate, nil))
        #expect(allowance.quietAt == at(1_030))
        #expect(allowance.settle(at: at(1_029)) == nil)
        #expect(allowance.isThrottled)
        #expect(allowance.settle(at: at(1_030)) == .stopped(refused: 3, lasted: .milliseconds(20)))
        #expect(!allowance.isThrottled)
        #expect(allowance.settle(at: at(2_000)) == nil)
    }

    /// Should keep a client that is accepted now and then, but still refused, in one episode.
    @Test func acceptanceBetweenRefusalsDoesNotEndTheEpisode() {
        var allowance = ClientAllowance(limits: limits, at: start)
        for _ in 0..<3 { _ = allowance.admit(textBytes: 10, at: start) }
        #expect(allowance.admit(textBytes: 10, at: at(100)) == .refused(.rate, .started(.rate)))
        #expect(allowance.admit(textBytes: 10, at: at(600)) == .accepted(nil))
        #expect(allowance.isThrottled)
        #expect(allowance.admit(textBytes: 10, at: at(1_200)) == .accepted(.stopped(refused: 1, lasted: .zero)))
    }

    /// Should accept everything when rate and pending are off.
    @Test func liftedLimitsAcceptEverything() {
        var allowance = ClientAllowance(limits: ClientLimits(rate: nil, maxPending: nil, maxTextBytes: nil), at: start)
        for _ in 0..<10_000 { #expect(allowance.admit(textBytes: 100_000, at: start) == .accepted(nil)) }
    }
}
