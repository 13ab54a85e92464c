import StackIR
@testable import StackSolver

/// Builds IRs tersely: `let red = b.view("red")`, `b.eq(red.height, 50, p: 250)`, `b.eq(red.top, stack.top)`.
struct IRBuilder {
    var items: [IRItem] = []
    var constraints: [IRConstraint] = []

    /// Adds the root (call first).
    init(root kind: ItemKind = .vstack, name: String = "main") {
        items.append(IRItem(name: name, kind: kind, owner: nil, origin: Origin(line: 1, column: 1)))
    }

    var root: ItemID { ItemID(0) }

    /// Adds an item owned by `owner` (the root by default).
    @discardableResult
    mutating func item(_ name: String, _ kind: ItemKind = .view, owner: ItemID? = nil, role: GuideRole? = nil) -> ItemID {
        let owner = owner ?? root
        items.append(IRItem(
            name: "\(items[owner.index].name).\(name)", kind: kind, owner: owner, role: role,
            origin: Origin(line: items.count + 1, column: 5)))
        return ItemID(items.count - 1)
    }

    mutating func view(_ name: String, owner: ItemID? = nil) -> ItemID { item(name, .view, owner: owner) }

    /// `first rel multiplier * second + constant @priority`; returns the constraint's index.
    @discardableResult
    mutating func add(
        _ first: Anchor, _ relation: LayoutRelation, _ second: Anchor?, m: Double = 1, c: Double = 0,
        p: Double = 1000, _ category: ConstraintCategory = .user
    ) -> Int {
        constraints.append(IRConstraint(
            category, first, relation, second, multiplier: m, constant: c, priority: p,
            origin: Origin(line: 100 + constraints.count, column: 9)))
        return constraints.count - 1
    }

    @discardableResult
    mutating func eq(_ a: Anchor, _ b: Anchor, m: Double = 1, c: Double = 0, p: Double = 1000, _ k: ConstraintCategory = .user) -> Int {
        add(a, .equal, b, m: m, c: c, p: p, k)
    }
    @discardableResult
    mutating func eq(_ a: Anchor, _ c: Double, p: Double = 1000, _ k: ConstraintCategory = .user) -> Int {
        add(a, .equal, nil, c: c, p: p, k)
    }
    @discardableResult
    mutating func ge(_ a: Anchor, _ b: Anchor, m: Double = 1, c: Double = 0, p: Double = 1000, _ k: ConstraintCategory = .user) -> Int {
        add(a, .greaterThanOrEqual, b, m: m, c: c, p: p, k)
    }
    @discardableResult
    mutating func ge(_ a: Anchor, _ c: Double, p: Double = 1000, _ k: ConstraintCategory = .user) -> Int {
        add(a, .greaterThanOrEqual, nil, c: c, p: p, k)
    }
    @discardableResult
    mutating func le(_ a: Anchor, _ b: Anchor, m: Double = 1, c: Double = 0, p: Double = 1000, _ k: ConstraintCategory = .user) -> Int {
        add(a, .lessThanOrEqual, b, m: m, c: c, p: p, k)
    }
    @discardableResult
    mutating func le(_ a: Anchor, _ c: Double, p: Double = 1000, _ k: ConstraintCategory = .user) -> Int {
        add(a, .lessThanOrEqual, nil, c: c, p: p, k)
    }

    /// A leaf's intrinsic size: hugging `<=` and compression `>=` per axis (UIKit defaults 250 / 750).
    mutating func intrinsic(_ view: ItemID, _ width: Double, _ height: Double, hug: Double = 250, resist: Double = 750) {
        le(view.width, width, p: hug, .contentHugging)
        ge(view.width, width, p: resist, .contentCompression)
        le(view.height, height, p: hug, .contentHugging)
        ge(view.height, height, p: resist, .contentCompression)
    }

    var ir: ConstraintIR { ConstraintIR(root: items[0].name, file: "test.stack", items: items, constraints: constraints) }
}

extension ItemID {
    var leading: Anchor { Anchor(self, .leading) }
    var trailing: Anchor { Anchor(self, .trailing) }
    var top: Anchor { Anchor(self, .top) }
    var bottom: Anchor { Anchor(self, .bottom) }
    var width: Anchor { Anchor(self, .width) }
    var height: Anchor { Anchor(self, .height) }
    var centerX: Anchor { Anchor(self, .centerX) }
    var centerY: Anchor { Anchor(self, .centerY) }
    var firstBaseline: Anchor { Anchor(self, .firstBaseline) }
    var lastBaseline: Anchor { Anchor(self, .lastBaseline) }
}

/// Whether two numbers agree to the solver's promise.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
