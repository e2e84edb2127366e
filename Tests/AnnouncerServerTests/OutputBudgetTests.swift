import Foundation
import Synchronization
import Testing
@testable import AnnouncerServer

/// The bound on output written to no one: which connection goes first.
struct OutputBudgetTests {
    @Test("Past the server's bound for unwritten output, the connection with the most waiting is closed first")
    func outputBudgetClosesTheLaggardFirst() {
        let budget = OutputBudget(limit: 1_000)
        let closed = ClosedList()
        // The objects stay alive, so their identifiers stay distinct.
        let objects = (0..<3).map { _ in NSObject() }
        let keys = objects.map(ObjectIdentifier.init)
        for (index, key) in keys.enumerated() { budget.register(key) { closed.append(index) } }
        budget.set(300, for: keys[0])
        budget.set(600, for: keys[1])
        #expect(closed.items.isEmpty)
        #expect(budget.set(200, for: keys[2]) == 1)
        #expect(closed.items == [1])
        #expect(budget.total == 500)
        budget.set(0, for: keys[0])
        #expect(budget.total == 200)
    }
}

/// Which closures ran, in order.
final class ClosedList: Sendable {
    private let list = Mutex<[Int]>([])
    func append(_ index: Int) { list.withLock { $0.append(index) } }
    var items: [Int] { list.withLock { $0 } }
}
