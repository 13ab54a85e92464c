/// Elements `0..<count` joined into classes (union-find), each class named by its smallest member: the
/// variables a conflict's constraints share (`ConflictSearch.connected`), the combinations that share
/// an inequality (`firstProof`) or a constraint (`linked`).
struct DisjointSets {
    private var parent: [Int]

    init(count: Int) {
        parent = Array(0..<count)
    }

    /// A new element in a class of its own.
    mutating func append() {
        parent.append(parent.count)
    }

    /// The smallest member of `element`'s class. Paths walked are shortened to point at it.
    mutating func find(_ element: Int) -> Int {
        var root = element
        while parent[root] != root { root = parent[root] }
        var node = element
        while parent[node] != root { (parent[node], node) = (root, parent[node]) }
        return root
    }

    /// Joins the classes of `a` and `b`.
    mutating func join(_ a: Int, _ b: Int) {
        let (x, y) = (find(a), find(b))
        if x != y { parent[max(x, y)] = min(x, y) }
    }
}
