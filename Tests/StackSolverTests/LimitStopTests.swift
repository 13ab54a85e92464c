import StackDriver
import StackIR
import StackSyntax
import Testing
@testable import StackSolver

/// A general solve that stops at a limit (`SolverLimits`) says so once. Its frames are where it
/// stopped: the optional constraints it did not reach leave every label free, so no ambiguity,
/// negative size or truncated text is read from them. The required constraints still hold.
@Suite struct LimitStopTests {
    /// An equalCentering row of 60 labels with text and a view with no size: the view's width is the
    /// one thing its constraints leave open, and the row goes to the general solver.
    static let text = "hstack main(distribution: equalCentering, spacing: 2) {\n"
        + (0..<60).map { "    label v\($0)(text: \"Label \($0)\")" }.joined(separator: "\n")
        + "\n    view amb\n}\n"

    static func solved() -> (compilation: Compilation, solution: LayoutSolution, diagnostics: [Diagnostic]) {
        let compilation = Compilation(file: SourceFile(path: "stop.stack", text: text))
        let (solution, tree) = compilation.measuredSolution(root: 0, width: nil, height: nil)
        return (compilation, solution, solution.diagnostics(in: compilation.file, ir: compilation.irs[0], tree: tree))
    }

    @Test func theWholeSolveFindsTheViewWithoutSize() {
        let (compilation, solution, _) = Self.solved()
        let ambiguous = solution.findings.compactMap { finding -> String? in
            guard case .ambiguous(let item, let attributes) = finding.kind else { return nil }
            return "\(compilation.irs[0].items[item.index].name) \(attributes.map(\.rawValue))"
        }
        #expect(ambiguous == ["main.amb [\"width\"]"])
        #expect(!solution.stopped)
    }

    @Test func aStoppedSolveSaysSoOnceAndReadsNothingFromItsFrames() {
        let (compilation, solution, diagnostics) = SolverLimits.$terms.withValue(1_000) { Self.solved() }
        #expect(solution.stopped)
        #expect(diagnostics.map(\.id) == [.ambiguousLayout], "\(diagnostics.map(\.message))")
        // The limit is named, not the count where the solve stopped, which a stop before a step keeps below it.
        let message = diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("the solver stopped before a step that would take its rows past 1000 terms, their limit for this layout (they held ")
                || message.hasPrefix("the solver stopped when its rows held "), "\(message)")
        #expect(message.contains("1000"), "\(message)")
        #expect(diagnostics.first?.message.hasSuffix("the frames may not be optimal, and no warning about them is given") == true)
        #expect(solution.negativeItems(in: compilation.irs[0]).isEmpty)
        // The required constraints: 2 points between neighbours, the view's trailing edge on the row's.
        let ir = compilation.irs[0]
        func frame(_ name: String) -> Frame? { ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] } }
        let names = (0..<60).map { "main.v\($0)" } + ["main.amb"]
        for (left, right) in zip(names, names.dropFirst()) {
            guard let a = frame(left), let b = frame(right) else {
                Issue.record("no frame for \(left) or \(right)")
                continue
            }
            #expect(b.x >= a.x + a.width + 2 - 1e-6, "\(left) \(a), \(right) \(b)")
        }
        let amb = frame("main.amb"), main = frame("main")
        #expect(abs((amb.map { $0.x + $0.width } ?? .nan) - (main.map { $0.x + $0.width } ?? .nan)) <= 1e-6)
    }
}
