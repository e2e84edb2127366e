import DequeModule
import NIOCore

/// Takes the connections' held request lines in turn (`ReadGate`), a few milliseconds of them in each
/// round, and lets the event loop read the sockets between rounds.
///
/// NIO runs every task that is ready before it reads the sockets again, tasks that become ready
/// meanwhile included. When each connection's next turn was a task of its own, 200 connections
/// flooding together kept the loop in its tasks for a second and more, and a newcomer's assertive
/// request sat unread all that time. One round here does at most `roundBudget` of work, and the next
/// begins `pause` after it ends: as long as that, so that the loop's other tasks finish before it is
/// ready and the loop goes back to the sockets in between. A flood's held lines are handled at most
/// half the time; a lone request never waits for a round (`ReadGate.firstTurn`).
///
/// Made off the loop and used only on it, which `enqueue` checks; the server has one event loop.
final class ReadTurns: @unchecked Sendable {
    /// The most one round handles before the sockets are read again.
    static let roundBudget = TimeAmount.milliseconds(2)
    /// How long after a round the next begins: long enough that no task is ready, so the loop reads.
    /// 50 µs was not: the loop's other tasks took longer, the next round was ready, and rounds ran on
    /// back to back for a second.
    static let pause = TimeAmount.milliseconds(2)

    private let eventLoop: any EventLoop
    private var waiting: Deque<ReadGate> = []
    private var roundScheduled = false

    init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    /// `gate` has lines to hand on in its next turn.
    func enqueue(_ gate: ReadGate) {
        eventLoop.preconditionInEventLoop()
        waiting.append(gate)
        if !roundScheduled { scheduleRound() }
    }

    private func round() {
        // Gates that enqueue themselves during the turns wait for the next round, which is scheduled
        // after the turns, so that the pause counts from the round's end.
        let end = NIODeadline.now() + Self.roundBudget
        var count = waiting.count
        while count > 0, let gate = waiting.popFirst() {
            count -= 1
            // The gate enqueues itself again if lines are left.
            gate.takeTurn(until: min(end, .now() + ReadGate.turn))
            if NIODeadline.now() >= end { break }
        }
        roundScheduled = false
        if !waiting.isEmpty { scheduleRound() }
    }

    private func scheduleRound() {
        roundScheduled = true
        eventLoop.assumeIsolated().scheduleTask(in: Self.pause) { [self] in round() }
    }
}
