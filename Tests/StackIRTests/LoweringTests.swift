import Testing
import StackSemantics
import StackSyntax
@testable import StackIR

/// Lowering cases beyond single-stack fixtures: nesting, baselines, user constraints, origins,
/// scale and robustness. Expectations are IR text compared as unordered sets.
@Suite struct LoweringTests {
    /// Lowers the builder's tree and compares it, as a set, with the expected constraint lines.
    func check(_ builder: TreeBuilder, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let actual = builder.lowered()
        let items = actual.items.map { "item \($0.name) \($0.kind.rawValue)" }.joined(separator: "\n")
        let expectedIR = try ConstraintIR.parse(text: items + "\n" + expected).get()
        let difference = compareConstraintSets(expected: expectedIR, actual: actual)
        #expect(difference.isEmpty, "\(difference)", sourceLocation: sourceLocation)
    }

    /// hstack main { view a 10x20; vstack inner { view b 30x40 } }: the inner stack is an arranged
    /// item of main with no content-size constraints of its own.
    @Test func nestedStackIsAnArrangedItemWithoutIntrinsicSize() throws {
        var builder = TreeBuilder()
        let main = builder.add("main", .hstack, parent: nil)
        builder.view("a", parent: main, 10, 20)
        let inner = builder.add("inner", .vstack, parent: main)
        builder.view("b", parent: inner, 30, 40)
        try check(builder, """
            stk-canvas-connection main.leading == main.a.leading
            stk-canvas-connection main.inner.trailing == main.trailing
            stk-canvas-connection main.top == main.a.top
            stk-canvas-connection main.a.bottom == main.bottom
            stk-alignment main.a.top == main.inner.top
            stk-alignment main.a.bottom == main.inner.bottom
            stk-spacing main.inner.leading == main.a.trailing
            stk-content-hugging main.a.width <= 10 @250
            stk-content-compression main.a.width >= 10 @750
            stk-content-hugging main.a.height <= 20 @250
            stk-content-compression main.a.height >= 20 @750
            stk-canvas-connection main.inner.top == main.inner.b.top
            stk-canvas-connection main.inner.b.bottom == main.inner.bottom
            stk-canvas-connection main.inner.leading == main.inner.b.leading
            stk-canvas-connection main.inner.b.trailing == main.inner.trailing
            stk-content-hugging main.inner.b.width <= 30 @250
            stk-content-compression main.inner.b.width >= 30 @750
            stk-content-hugging main.inner.b.height <= 40 @250
            stk-content-compression main.inner.b.height >= 40 @750
            """)
    }

    /// fillProportionally: a nested stack reports no intrinsic size, so it gets `width == 0`
    /// (required) and the priorities still count down past it.
    @Test func fillProportionallyGivesANestedStackZeroLength() throws {
        var builder = TreeBuilder()
        let main = builder.add("main", .hstack, parent: nil) { $0.stack?.distribution = .fillProportionally }
        builder.add("inner", .vstack, parent: main)
        builder.view("a", parent: main, 30, nil)
        builder.view("b", parent: main, 10, nil)
        let ir = builder.lowered()
        let lines = ir.constraints.filter { $0.category == .fillProportionally }.map { ir.renderLine($0) }
        #expect(lines.count == 3)
        #expect(lines[0].contains("main.inner.width == 0 @1000"))
        #expect(lines[1].contains("main.a.width == 0.75*main.width @998"))
        #expect(lines[2].contains("main.b.width == 0.25*main.width @997"))
    }

    /// No item with an intrinsic length: UIKit falls back to equal lengths.
    @Test func fillProportionallyWithoutIntrinsicSizesFallsBackToEqualLengths() throws {
        var builder = TreeBuilder()
        let main = builder.add("main", .hstack, parent: nil) { $0.stack?.distribution = .fillProportionally }
        builder.add("x", .vstack, parent: main)
        builder.add("y", .vstack, parent: main)
        let ir = builder.lowered()
        #expect(ir.constraints.filter { $0.category == .fillProportionally }.isEmpty)
        #expect(ir.constraints.filter { $0.category == .fillEqually }.map { ir.renderLine($0) }
            == ["stk-fill-equally              main.y.width == main.x.width @1000 ; test.stack:1:1"])
    }

    /// A horizontal stack's baseline comes from its tallest visible item, chained down through a
    /// nested stack; labels' baselines are measured from their top; a vertical stack uses its first
    /// item for the first baseline.
    @Test func baselinesChainThroughNestedStacks() throws {
        var builder = TreeBuilder()
        let main = builder.add("main", .hstack, parent: nil) { $0.stack?.alignment = .firstBaseline }
        builder.view("icon", parent: main, 20, 20)
        let column = builder.add("column", .vstack, parent: main)
        let title = builder.view("title", parent: column, 50, 18, kind: .label)
        builder.nodes[title].leaf?.firstBaseline = 14
        builder.view("detail", parent: column, 50, 30, kind: .label)
        builder.nodes[column].height = 48
        let ir = builder.lowered()
        let baselines = ir.constraints.filter { $0.category == .baseline }.map { NamedConstraint($0, in: ir).description }
        #expect(baselines.count == 3, "\(baselines)")
        try check(builder, """
            stk-baseline main.icon.firstBaseline == main.icon.bottom
            stk-baseline main.column.firstBaseline == main.column.title.firstBaseline
            stk-baseline main.column.title.firstBaseline == main.column.title.top + 14
            """ + "\n" + ir.constraints.filter { $0.category != .baseline }.map { ir.renderLine($0) }.joined(separator: "\n"))
        // The stack's own baseline is not defined: nothing uses it.
        #expect(!baselines.contains { $0.contains("main.firstBaseline") })
    }

    @Test func userConstraintsAndExplicitSizes() throws {
        var builder = TreeBuilder()
        let main = builder.add("main", .vstack, parent: nil) { $0.width = 320 }
        let a = builder.add("a", .view, parent: main) { $0.height = 44 }
        let b = builder.add("b", .view, parent: main)
        builder.userConstraints = [
            UserConstraint(first: b, firstAttribute: .height, relation: .equal, multiplier: 2, second: a,
                           secondAttribute: .height, constant: 1, priority: 750, origin: TreeBuilder.range(7)),
            UserConstraint(first: a, firstAttribute: .lastBaseline, relation: .greaterThanOrEqual, multiplier: 1,
                           second: nil, secondAttribute: nil, constant: 10, priority: 1000, origin: TreeBuilder.range(8)),
            UserConstraint(first: 99, firstAttribute: .width, relation: .equal, multiplier: 1,
                           second: nil, secondAttribute: nil, constant: 1, priority: 1000, origin: TreeBuilder.range(8)),
        ]
        let ir = builder.lowered()
        let user = ir.constraints.filter { $0.category == .user }
        #expect(user.count == 2)
        #expect(user.first.map { ir.renderLine($0) } == "stk-user                      main.b.height == 2*main.a.height + 1 @750 ; test.stack:8:1")
        // User constraints come last, after the baselines they use.
        #expect(ir.constraints.last?.category == .user)
        #expect(ir.constraints.contains { $0.category == .baseline && ir.renderLine($0).contains("main.a.lastBaseline == main.a.bottom") })
        let sizes = ir.constraints.filter { $0.category == .explicitSize }.map { ir.renderLine($0) }
        #expect(sizes == ["stk-explicit-size             main.width == 320 @1000 ; test.stack:1:1",
                          "stk-explicit-size             main.a.height == 44 @1000 ; test.stack:2:1"])
    }

    /// Each constraint's origin is the most specific range: a set attribute over the element.
    @Test func originsPointAtTheAttributeThatCausedTheConstraint() {
        var builder = TreeBuilder()
        let main = builder.add("main", .hstack, parent: nil) { node in
            node.stack?.spacing = 4
            node.origins.spacing = TreeBuilder.range(5)
            node.origins.alignment = TreeBuilder.range(6)
        }
        builder.view("a", parent: main, 1, 1)
        builder.add("b", .view, parent: main) { node in
            node.hidden = true
            node.origins.hidden = TreeBuilder.range(7)
        }
        let ir = builder.lowered()
        func lines(_ category: ConstraintCategory) -> Set<Int> { Set(ir.constraints.filter { $0.category == category }.map(\.origin.line)) }
        #expect(lines(.spacing) == [6])
        #expect(lines(.alignment) == [7])
        #expect(lines(.hiding) == [8])
        #expect(lines(.contentHugging) == [2])
    }

    /// 20,000 nested stacks and a 100,000-item stack lower without recursion, and twice to the same IR.
    @Test func deepAndWideTreesLowerDeterministically() {
        var deep = TreeBuilder()
        var parent = deep.add("s0", .vstack, parent: nil)
        for depth in 1..<20_000 {
            parent = deep.add("s\(depth % 10)", depth.isMultiple(of: 2) ? .vstack : .hstack, parent: parent) {
                $0.stack?.alignment = .center
            }
        }
        deep.view("leaf", parent: parent, 1, 1)
        let deepIR = deep.lowered()
        #expect(deepIR.items.count >= 20_001)

        var wide = TreeBuilder()
        let root = wide.add("main", .hstack, parent: nil) { $0.stack?.distribution = .equalSpacing; $0.stack?.alignment = .leading }
        for index in 0..<100_000 {
            wide.view("v\(index)", parent: root, 1, Double(index % 7))
        }
        let wideIR = wide.lowered()
        #expect(wideIR.items.count == 100_001 + 1 + 99_999)
        #expect(wideIR == wide.lowered())
    }

    /// A malformed arena (children pointing backwards or outside, parents out of range) is skipped,
    /// never trapped on.
    @Test func malformedTreesDoNotTrap() {
        var builder = TreeBuilder()
        let main = builder.add("main", .hstack, parent: nil)
        builder.view("a", parent: main, 1, 1)
        builder.nodes[0].children += [0, -3, 42]
        builder.nodes[1].parent = 77
        builder.nodes[1].children = [0]
        builder.nodes[0].stack?.spacing = .infinity
        let ir = builder.lowered()
        #expect(ir.items.count == 2)
        _ = ir.text
        _ = lower(LayoutModel(file: TreeBuilder.file(lines: 1), roots: [LayoutTree(nodes: [])]))
    }
}
