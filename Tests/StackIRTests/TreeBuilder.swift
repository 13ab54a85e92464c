import StackSemantics
import StackSyntax
@testable import StackIR

/// Builds `LayoutTree`s directly (the checker is written elsewhere), with a synthetic source file in
/// which node i is written on line i + 1, so every origin is predictable.
struct TreeBuilder {
    var nodes: [LayoutNode] = []
    var userConstraints: [UserConstraint] = []

    /// The synthetic file: one line per node, long enough for any index.
    static func file(lines: Int) -> SourceFile {
        SourceFile(path: "test.stack", text: String(repeating: "node\n", count: max(lines, 1)))
    }

    /// The range of line `index + 1`, column 1.
    static func range(_ index: Int) -> SourceRange { SourceRange(start: index * 5, end: index * 5 + 4) }

    /// Adds a node under `parent` and returns its index.
    @discardableResult
    mutating func add(_ name: String, _ kind: ElementKind, parent: Int?, configure: (inout LayoutNode) -> Void = { _ in }) -> Int {
        let index = nodes.count
        let path = parent.map { "\(nodes[$0].path).\(name)" } ?? name
        var node = LayoutNode(name: name, isNamed: true, path: path, kind: kind, parent: parent,
                              origins: NodeOrigins(element: Self.range(index)))
        configure(&node)
        nodes.append(node)
        if let parent { nodes[parent].children.append(index) }
        return index
    }

    /// Adds a view with an intrinsic size (either dimension may be absent).
    @discardableResult
    mutating func view(_ name: String, parent: Int, _ width: Double?, _ height: Double?, kind: ElementKind = .view) -> Int {
        add(name, kind, parent: parent) { node in
            node.leaf?.intrinsic = PerAxis(horizontal: width, vertical: height)
        }
    }

    var tree: LayoutTree { LayoutTree(nodes: nodes, userConstraints: userConstraints) }

    func lowered(uikit: UIKitTarget = .iOS9) -> ConstraintIR { lower(tree, in: Self.file(lines: max(nodes.count, 32)), uikit: uikit) }
}

/// A stack configuration as written in a fixture's `#!` line:
/// `#! axis=horizontal distribution=fill alignment=fill spacing=0 views=3 hidden=0,2 margins=true
///    baselineRelative=true width=200 custom=0:20 swap=true uikit=current` (iOS 9/10 without `uikit`).
/// The views are seed 000's: 160x200, 80x100, 40x50 (`swap=true` exchanges width and height, for
/// the vertical mirrors).
struct SeedConfiguration {
    var axis: Axis = .horizontal
    var distribution: Distribution = .fill
    var alignment: Alignment = .fill
    var spacing: Double = 0
    var views = 3
    var hidden: [Int] = []
    var margins = false
    var baselineRelative = false
    var width: Double? = nil
    var custom: [(Int, Double)] = []
    var swap = false
    /// `uikit=current` for fixtures of today's UIKit (uikit-current.md); seed 000's are iOS 9/10.
    var uikit: UIKitTarget = .iOS9

    static let seedViews: [(Double, Double)] = [(160, 200), (80, 100), (40, 50)]

    /// Reads the `#!` line; `nil` when the fixture has none or it does not parse.
    init?(fixture text: String) {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("#!") }) else { return nil }
        for pair in line.dropFirst(2).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            let value = parts[1]
            switch parts[0] {
            case "axis": guard let v = Axis(rawValue: value) else { return nil }; axis = v
            case "distribution": guard let v = Distribution(rawValue: value) else { return nil }; distribution = v
            case "alignment": guard let v = Alignment(rawValue: value) else { return nil }; alignment = v
            case "spacing": guard let v = Double(value) else { return nil }; spacing = v
            case "views": guard let v = Int(value), v >= 0, v <= 3 else { return nil }; views = v
            case "hidden": hidden = value.split(separator: ",").compactMap { Int($0) }
            case "margins": margins = value == "true"
            case "baselineRelative": baselineRelative = value == "true"
            case "width": width = Double(value)
            case "swap": swap = value == "true"
            case "mirror": break
            case "uikit": guard let v = UIKitTarget(rawValue: value) else { return nil }; uikit = v
            case "custom":
                let p = value.split(separator: ":")
                guard p.count == 2, let i = Int(p[0]), let v = Double(p[1]) else { return nil }
                custom.append((i, v))
            default: return nil
            }
        }
    }

    /// The stack `main` with views `s0`, `s1`, `s2`.
    var builder: TreeBuilder {
        var builder = TreeBuilder()
        let root = builder.add("main", axis == .horizontal ? .hstack : .vstack, parent: nil) { node in
            node.stack?.distribution = distribution
            node.stack?.alignment = alignment
            node.stack?.spacing = spacing
            node.stack?.layoutMarginsRelative = margins
            node.stack?.baselineRelative = baselineRelative
            node.width = axis == .horizontal ? width : nil
            node.height = axis == .vertical ? width : nil
        }
        for index in 0..<views {
            let (w, h) = Self.seedViews[index]
            let view = builder.view("s\(index)", parent: root, swap ? h : w, swap ? w : h)
            builder.nodes[view].hidden = hidden.contains(index)
            builder.nodes[view].spacingAfter = custom.first { $0.0 == index }?.1
        }
        return builder
    }
}
