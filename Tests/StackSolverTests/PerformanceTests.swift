import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// A vertical stack of `rows` horizontal stacks of `columns` views each, cycling through
/// distributions and alignments, lowered by the real lowering.
func gridLayout(rows: Int, columns: Int) -> ConstraintIR {
    var nodes: [LayoutNode] = []
    let range = SourceRange(start: 0, end: 1)
    var root = LayoutNode(name: "grid", isNamed: true, path: "grid", kind: .vstack, parent: nil, origins: NodeOrigins(element: range))
    root.stack?.spacing = 8
    nodes.append(root)
    let distributions = StackSemantics.Distribution.allCases
    let alignments: [StackSemantics.Alignment] = [.fill, .leading, .center, .trailing, .firstBaseline]
    for row in 0..<rows {
        let rowIndex = nodes.count
        nodes[0].children.append(rowIndex)
        var stack = LayoutNode(name: "row\(row)", isNamed: true, path: "grid.row\(row)", kind: .hstack, parent: 0, origins: NodeOrigins(element: range))
        stack.stack?.distribution = distributions[row % distributions.count]
        stack.stack?.alignment = alignments[row % alignments.count]
        stack.stack?.spacing = Double(row % 3) * 4
        nodes.append(stack)
        for column in 0..<columns {
            nodes[rowIndex].children.append(nodes.count)
            var view = LayoutNode(
                name: "v\(column)", isNamed: true, path: "grid.row\(row).v\(column)", kind: .label, parent: rowIndex,
                origins: NodeOrigins(element: range))
            view.leaf?.intrinsic = PerAxis(horizontal: Double(20 + (row * 7 + column * 13) % 40), vertical: Double(16 + column % 5))
            view.leaf?.firstBaseline = 12
            view.leaf?.lastBaseline = 12
            nodes.append(view)
        }
    }
    return lower(LayoutTree(nodes: nodes), in: SourceFile(path: "grid.stack", text: "x"))
}

@Suite struct PerformanceTests {
    @Test(arguments: [(10, 10), (30, 10)])
    func gridSolvesQuickly(_ rows: Int, _ columns: Int) {
        let ir = gridLayout(rows: rows, columns: columns)
        for width: Double? in [nil, 1000] {
            let start = Date()
            let solution = solve(ir, width: width)
            let seconds = Date().timeIntervalSince(start)
            print("solve \(rows * columns) views (\(ir.items.count) items, \(ir.constraints.count) constraints, width \(width.map { "\($0)" } ?? "natural")): \(String(format: "%.3f", seconds)) s, \(solution.pivots) pivots, \(solution.findings.count) findings")
            for index in ir.constraints.indices where ir.constraints[index].isRequired && !solution.brokenConstraints.contains(index) {
                #expect(violation(ir.constraints[index], solution) <= 1e-6)
            }
            #expect(seconds < 10, "debug-build budget")
        }
    }
}
