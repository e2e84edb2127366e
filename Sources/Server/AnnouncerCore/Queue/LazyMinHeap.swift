/// A binary min-heap whose elements may go stale after they are put in, for indexes that are
/// cheaper to correct lazily than to update: a stale element is skipped when looked at, dropped when
/// it reaches the top, and the whole heap is rebuilt when stale ones outnumber the live.
///
/// swift-collections' `Heap` cannot be searched without being changed, and the queue's timers look
/// for "the smallest element that is live and accepted" from non-mutating properties; this heap can
/// (`smallest(where:lookingAtMost:)`), in increasing order, without changing anything.
struct LazyMinHeap<Element: Comparable & Sendable>: Sendable {
    private(set) var elements: [Element] = []

    /// What a bounded search found.
    enum Search: Equatable {
        /// The smallest element accepted.
        case found(Element)
        /// No element is accepted.
        case none
        /// The limit was reached before an accepted element was found.
        case gaveUp
    }

    var count: Int { elements.count }

    var min: Element? { elements.first }

    mutating func insert(_ element: Element) {
        elements.append(element)
        siftUp(from: elements.count - 1)
    }

    /// Removes the smallest element.
    mutating func removeMin() {
        guard !elements.isEmpty else { return }
        let last = elements.removeLast()
        guard !elements.isEmpty else { return }
        elements[0] = last
        siftDown(from: 0)
    }

    /// Drops elements from the top while `isStale` says so, so the top is live afterwards.
    mutating func dropStaleTop(_ isStale: (Element) -> Bool) {
        while let top = elements.first, isStale(top) { removeMin() }
    }

    /// Replaces the contents with `elements`, in linear time.
    mutating func rebuild(_ newElements: [Element]) {
        elements = newElements
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    /// The smallest element `accept` takes, looking at elements in increasing order and at no more than
    /// `limit` of them. `accept` sees every element looked at, in that order, so it may also note the
    /// ones it passes over.
    func smallest(where accept: (Element) -> Bool, lookingAtMost limit: Int) -> Search {
        guard !elements.isEmpty else { return .none }
        // Best first: the frontier holds the positions whose parents were passed over.
        var frontier = LazyMinHeap<Position>()
        frontier.insert(Position(element: elements[0], index: 0))
        var looked = 0
        while let next = frontier.min {
            if looked == limit { return .gaveUp }
            looked += 1
            frontier.removeMin()
            if accept(next.element) { return .found(next.element) }
            let left = 2 * next.index + 1
            if left < elements.count { frontier.insert(Position(element: elements[left], index: left)) }
            if left + 1 < elements.count { frontier.insert(Position(element: elements[left + 1], index: left + 1)) }
        }
        return .none
    }

    private struct Position: Comparable, Sendable {
        var element: Element
        var index: Int

        static func < (lhs: Position, rhs: Position) -> Bool { lhs.element < rhs.element }
        static func == (lhs: Position, rhs: Position) -> Bool { lhs.index == rhs.index }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { return }
            let right = left + 1
            let smaller = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[smaller] < elements[parent] else { return }
            elements.swapAt(smaller, parent)
            parent = smaller
        }
    }
}
