import Foundation
import StackCodegen
import StackDriver
import StackRuntime
import StackSemantics
import StackSyntax
import StackText
import Testing

/// `font: custom(...)`: the Swift stackc generates for it, and StackRuntime's UIFont measuring that
/// Swift's font as the checker measured the label. The font is Debian's Inter Bold (fonts-inter,
/// which .ci/run installs); outside CI a machine without it skips these tests.
private let interBold = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"
private let haveInter = FileManager.default.fileExists(atPath: interBold) || ProcessInfo.processInfo.environment["CI"] == "true"

private let source = """
    vstack card(alignment: leading, spacing: 4) {
        label title(text: "Welcome back, Ava", font: custom("\(interBold)", 22, title2))
        label note(text: "AVA Typewriter", font: custom("\(interBold)", 13))
        button go(text: "Go", font: custom("\(interBold)", 15, body))
    }
    """

@Test(.enabled(if: haveInter, "fonts-inter is not installed (apt-get install fonts-inter)"))
func customFontsGenerateUIFontNamed() throws {
    let compilation = Compilation(file: SourceFile(path: "card.stack", text: source))
    #expect(!compilation.diagnostics.hasErrors, "\(compilation.diagnostics.map(\.message))")
    let generated = generateSwift(compilation.checked.model, irs: compilation.irs)
    let expected = """
                title.font = UIFontMetrics(forTextStyle: .title2).scaledFont(for: UIFont(name: "Inter-Bold", size: 22) ?? UIFont.systemFont(ofSize: 22))
                title.adjustsFontForContentSizeCategory = true
                note.text = "AVA Typewriter"
                note.font = UIFont(name: "Inter-Bold", size: 13) ?? UIFont.systemFont(ofSize: 13)
                go.setTitle("Go", for: .normal)
                go.titleLabel?.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont(name: "Inter-Bold", size: 15) ?? UIFont.systemFont(ofSize: 15))
                go.titleLabel?.adjustsFontForContentSizeCategory = true

        """
    #expect(generated.contains(expected), "\(generated)")
}

/// The generated statements, run in StackRuntime with the font registered, give the labels the
/// intrinsic sizes the checker measured, at the default content size and at xxxLarge.
@MainActor
@Test(.enabled(if: haveInter, "fonts-inter is not installed (apt-get install fonts-inter)"))
func runtimeMeasuresCustomFontsAsTheChecker() throws {
    #expect(try registerFont(atPath: interBold) == "Inter-Bold")
    #expect(UIFont(name: "NotRegistered-Bold", size: 13) == nil)
    let saved = textEnvironment
    defer { textEnvironment = saved }
    for category in [ContentSizeCategory.large, .xxxLarge] {
        textEnvironment = TextEnvironment(category: category)
        let compilation = Compilation(file: SourceFile(path: "card.stack", text: source), text: textEnvironment)
        let nodes = try #require(compilation.checked.model.roots.first).nodes
        let title = UILabel(), note = UILabel(), go = UIButton()
        title.text = "Welcome back, Ava"
        title.font = UIFontMetrics(forTextStyle: .title2).scaledFont(for: UIFont(name: "Inter-Bold", size: 22) ?? UIFont.systemFont(ofSize: 22))
        title.adjustsFontForContentSizeCategory = true
        note.text = "AVA Typewriter"
        note.font = UIFont(name: "Inter-Bold", size: 13) ?? UIFont.systemFont(ofSize: 13)
        go.setTitle("Go", for: .normal)
        go.titleLabel?.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont(name: "Inter-Bold", size: 15) ?? UIFont.systemFont(ofSize: 15))
        go.titleLabel?.adjustsFontForContentSizeCategory = true
        for (view, node) in [(title as UIView, nodes[1]), (note, nodes[2]), (go, nodes[3])] {
            let size = view.intrinsicContentSize
            #expect(Double(size.width) == node.leaf?.intrinsic.horizontal && Double(size.height) == node.leaf?.intrinsic.vertical,
                    "\(node.name) at \(category): runtime \(size), checker \(String(describing: node.leaf?.intrinsic))")
        }
        // Scaled: title2 is 22 at large and 28 at xxxLarge; not scaled: the note keeps 13 points.
        let expectedTitleSize = category == .large ? 22.0 : 28.0
        guard case .custom(let font) = title.font.spec else {
            Issue.record("the registered font is not the title's")
            continue
        }
        #expect(font.pointSize(at: category) == expectedTitleSize)
    }
}
