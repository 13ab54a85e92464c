import StackDriver
import StackSyntax
import StackTestSupport
import StackText
import Testing

/// Labels in a `custom(...)` font through the whole pipeline: UIKit's second pass wraps them in their
/// own font, and W203 measures them in it.
///
/// The synthetic font: 'a', 'b', 'c' are 400 units wide, ' ' 250, the em 1000 units, a line 1.1 em. At
/// 10 points "abc" is 12 points, "abc abc" 26.5 and "abc abc abc" 41; a line is 11 points.
@Suite struct CustomFontLayoutTests {
    static let environment = TextEnvironment(fontFiles: FontFileLoader(files: ["App/Fonts/S.otf": SyntheticFont.named("S-Regular")]))

    func compile(_ text: String) -> Compilation {
        Compilation(file: SourceFile(path: "App/screen.stack", text: text), text: Self.environment)
    }

    func frame(_ compilation: Compilation, _ name: String, width: Double) -> (width: Double, height: Double, diagnostics: [Diagnostic]) {
        let (solution, tree) = compilation.measuredSolution(root: 0, width: width, height: nil)
        let index = compilation.irs[0].items.firstIndex { $0.name == name } ?? 0
        let diagnostics = solution.diagnostics(in: compilation.file, ir: compilation.irs[0], tree: tree, text: Self.environment)
        return (solution.frames[index].width, solution.frames[index].height, diagnostics)
    }

    @Test func aLabelOfSeveralLinesWrapsInItsFont() {
        let compilation = compile("""
            vstack main {
                label a(text: "abc abc abc", font: custom("Fonts/S.otf", 10), lines: 0)
            }
            """)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
        // One line of 41 points at full width; at 30 points "abc abc" and "abc": two lines of 11.
        #expect(frame(compilation, "main.a", width: 100).height == 11)
        let wrapped = frame(compilation, "main.a", width: 30)
        #expect(wrapped.width == 30 && wrapped.height == 22 && wrapped.diagnostics.isEmpty)
    }

    @Test func truncationIsMeasuredInTheLabelsFont() {
        let compilation = compile("""
            hstack row {
                label a(text: "abc abc", font: custom("Fonts/S.otf", 10))
            }
            """)
        // 26.5 points of text, 80 pixels on a 3x screen.
        let squeezed = frame(compilation, "row.a", width: 20)
        #expect(squeezed.diagnostics.map(\.id) == [.truncatedText])
        #expect(squeezed.diagnostics.first?.message == "'row.a' truncates its text: 20 points wide for text 26.667 wide")
        #expect(frame(compilation, "row.a", width: 27).diagnostics.isEmpty)
    }
}
