/// A binary min-heap: the order in which the elimination's expander meets definitions, and the
/// improving symbols of an objective (ReducedCosts.swift). Either way what comes out next costs a
/// logarithm of what is queued, not a scan of everything that might qualify.
struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    /// The least element, without taking it out.
    var first: Element? { items.first }

    mutating func push(_ item: Element) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Element? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return top }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { break }
            let right = left + 1
            let smaller = right < items.count && items[right] < items[left] ? right : left
            guard items[smaller] < items[parent] else { break }
            items.swapAt(smaller, parent)
            parent = smaller
        }
        return top
    }

    /// Empties the heap, keeping its storage for the next use.
    mutating func removeAll() { items.removeAll(keepingCapacity: true) }
}
