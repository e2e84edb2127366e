import Blocking
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite("BlockingQueue")
struct BlockingQueueTests {
    /// Should give elements back in the order they were appended.
    @Test func takesInTheOrderAppended() {
        let queue = BlockingQueue<Int>()
        for number in 1...5 { queue.append(number) }
        #expect((1...5).map { _ in queue.take() } == [1, 2, 3, 4, 5])
        #expect(queue.isEmpty)
    }

    /// Should block a taker until an element is appended, then hand it that element.
    @Test func takeBlocksUntilAnElementArrives() {
        let queue = BlockingQueue<String>()
        let appended = Atomic<Bool>(false)
        let taken = BlockingQueue<(String?, Bool)>()
        onThread {
            let element = queue.take()
            taken.append((element, appended.load(ordering: .acquiring)))
        }
        // Long enough for the taker to be waiting: were it not blocked, it would answer meanwhile.
        #expect(taken.take(timeout: .milliseconds(100)).timedOut)
        appended.store(true, ordering: .releasing)
        queue.append("hello")
        guard case let .element((element, sawAppend)) = taken.take(timeout: .seconds(10)) else {
            Issue.record("The taker was not woken by the append")
            return
        }
        #expect(element == "hello")
        #expect(sawAppend)
    }

    /// Should give up a timed take on an empty queue once its time is up, not before, and not much after.
    @Test func timedTakeOnAnEmptyQueueTimesOut() {
        let queue = BlockingQueue<Int>()
        let started = ContinuousClock.now
        #expect(queue.take(timeout: .milliseconds(50)).timedOut)
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(50))
        #expect(waited < .seconds(5))
        #expect(queue.take(until: .now()).timedOut)
    }

    /// Should hand a timed take an element that is already there, and one that comes within its time.
    @Test func timedTakeGetsAnElementThatComesInTime() {
        let queue = BlockingQueue<Int>()
        queue.append(1)
        #expect(queue.take(timeout: .zero).element == 1)
        onThread {
            // Not a wait: the element must come while the take below waits, which nothing tells.
            usleep(20_000)
            queue.append(2)
        }
        #expect(queue.take(timeout: .seconds(10)).element == 2)
    }

    /// Should still give out what was appended before the close, then the end, to every take after.
    @Test func closeKeepsWhatWasAppended() {
        let queue = BlockingQueue<Int>()
        queue.append(1)
        queue.append(2)
        queue.close()
        #expect(queue.isClosed)
        #expect(queue.take() == 1)
        #expect(queue.take(timeout: .seconds(1)).element == 2)
        #expect(queue.take() == nil)
        #expect(queue.take() == nil)
        #expect(queue.take(timeout: .seconds(1)).isClosed)
    }

    /// Should wake every waiting taker at the close, each with the end.
    @Test func closeWakesEveryWaitingTaker() {
        let queue = BlockingQueue<Int>()
        let ended = BlockingQueue<Int?>()
        let takers = 4
        for index in 0..<takers {
            onThread { ended.append(index.isMultiple(of: 2) ? queue.take() : queue.take(timeout: .seconds(60)).element) }
        }
        // Not a wait: it gives the takers 50 ms in which none may return before the close.
        usleep(50_000)
        #expect(ended.isEmpty, "no taker may return before the close")
        queue.close()
        for _ in 0..<takers {
            guard case let .element(element) = ended.take(timeout: .seconds(10)) else {
                Issue.record("A waiting taker was not woken by the close")
                return
            }
            #expect(element == nil)
        }
    }

    /// Should refuse an append after the close, so nothing is left waiting for a taker that has gone.
    @Test func appendAfterCloseIsRefused() {
        let queue = BlockingQueue<Int>()
        #expect(queue.append(1))
        queue.close()
        #expect(!queue.append(2))
        #expect(queue.take() == 1)
        #expect(queue.take() == nil)
    }

    /// Should let nothing in after an element appended with `appendLast`, and give it out before the end.
    @Test func appendLastClosesInTheSameStep() {
        let queue = BlockingQueue<String>()
        queue.append("first")
        #expect(queue.appendLast("last"))
        #expect(!queue.append("too late"))
        #expect(!queue.appendLast("also too late"))
        #expect(queue.take() == "first")
        #expect(queue.take() == "last")
        #expect(queue.take() == nil)
    }

    /// Should lose and repeat no element when several producers and takers, some with time limits, run at once,
    /// and keep each producer's elements in its order.
    @Test func noElementIsLostOrRepeatedUnderConcurrentProducersAndTakers() {
        let producers = 4, perProducer = 5_000, takers = 3
        let queue = BlockingQueue<(producer: Int, sequence: Int)>()
        let collected = BlockingQueue<[(producer: Int, sequence: Int)]>()
        for taker in 0..<takers {
            onThread {
                var mine: [(producer: Int, sequence: Int)] = []
                while true {
                    // One taker waits with short time limits, so timed takes race the appends too.
                    if taker == 0 {
                        switch queue.take(timeout: .microseconds(200)) {
                        case let .element(element): mine.append(element)
                        case .timedOut: continue
                        case .closed: collected.append(mine)
                            return
                        }
                    } else {
                        guard let element = queue.take() else { break }
                        mine.append(element)
                    }
                }
                collected.append(mine)
            }
        }
        let produced = BlockingQueue<Int>()
        for producer in 0..<producers {
            onThread {
                for sequence in 0..<perProducer { queue.append((producer, sequence)) }
                produced.append(producer)
            }
        }
        for _ in 0..<producers { _ = produced.take(timeout: .seconds(60)) }
        queue.close()
        var seen = Array(repeating: Set<Int>(), count: producers)
        var total = 0
        for _ in 0..<takers {
            guard case let .element(batch) = collected.take(timeout: .seconds(60)) else {
                Issue.record("A taker did not finish")
                return
            }
            total += batch.count
            // Each taker sees a producer's elements in the order that producer appended them.
            for producer in 0..<producers {
                let sequence = batch.filter { $0.producer == producer }.map(\.sequence)
                #expect(sequence == sequence.sorted())
            }
            for element in batch { seen[element.producer].insert(element.sequence) }
        }
        #expect(total == producers * perProducer)
        #expect(seen.allSatisfy { $0.count == perProducer })
    }

    private func onThread(_ body: @escaping @Sendable () -> Void) {
        Thread(block: body).start()
    }
}

extension BlockingQueue.Taken {
    var element: Element? {
        if case let .element(element) = self { return element }
        return nil
    }

    var timedOut: Bool {
        if case .timedOut = self { return true }
        return false
    }

    var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }
}
