import Foundation
import StackCodegen
import StackDriver
import StackIR
import StackRuntime
import StackSolver
import StackSyntax
import Testing

/// A layout exercising what differs between spellings: content of every leaf class, baselines,
/// margins, a custom `type:`, and a toggle. Its AppKit output is `Generated/appkit.swift`.
let appKitSource = """
    hstack macCard(alignment: firstBaseline, spacing: 8, margins: (4, 12)) {
        image icon(image: "mail", intrinsic: 24 x 24)
        label title(text: "Inbox", intrinsic: 120 x 20, firstBaseline: 15)
        vstack counts(hidden: false) {
            label unread(text: "12", intrinsic: 30 x 18, firstBaseline: 13)
        }
        button open(text: "Open", intrinsic: 60 x 28, lastBaseline: 19)
        view badge(type: "UISwitch", intrinsic: 20 x 20)
        constraints {
            icon.centerY == 0.5 * title.bottom @750
        }
    }
    """

func appKitCompilation() -> Compilation {
    Compilation(file: SourceFile(path: "macCard.stack", text: appKitSource))
}

/// `--platform appkit` output is stable, spells AppKit names, and (through StackRuntime's AppKit
/// aliases) compiles here and lays out exactly as the solver does, toggles included.
@Test func appKitOutputMatchesGolden() throws {
    let compilation = appKitCompilation()
    #expect(!compilation.diagnostics.hasErrors, "\(compilation.diagnostics)")
    let source = generateSwift(compilation.checked.model, irs: compilation.irs, platform: .appkit)
    for name in ["NSView", "NSLayoutGuide", "NSLayoutConstraint.Priority(", "NSTextField", ".stringValue = "] {
        #expect(source.contains(name), "appkit output uses \(name)")
    }
    #expect(!source.contains("UIView") && !source.contains("UILayoutGuide"))
    let url = repository.appendingPathComponent("Tests/StackCodegenTests/Generated/appkit.swift")
    if ProcessInfo.processInfo.environment["STACKC_UPDATE_GOLDEN"] == "1" {
        try Data(source.utf8).write(to: url)
    }
    #expect(source == String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self))
}

@MainActor
@Test func appKitOutputReproducesSolverFrames() throws {
    let compilation = appKitCompilation()
    let ir = try #require(compilation.irs.first)
    let tree = try #require(compilation.checked.model.roots.first)
    for hidden in [false, true, false] {
        let layout = MacCardLayout()
        layout.setHidden(hidden, for: .counts)
        let container = NSView()
        layout.install(in: container)
        container.layoutIfNeeded()
        var frames: [String: CGRect] = [:]
        for entry in layout.frames() { frames[entry.name] = entry.frame }
        var variant = tree
        variant.nodes[try #require(tree.nodes.firstIndex { $0.name == "counts" })].hidden = hidden
        let variantIR = hidden ? lower(variant, in: compilation.file) : ir
        let (difference, detail) = maxDifference(frames, variantIR, solve(variantIR))
        #expect(difference <= 1e-6, "hidden \(hidden): \(detail)")
        #expect(layout.unread.isHidden == hidden)
        #expect(layout.title.stringValue == "Inbox" && layout.openItem.title == "Open")
    }
}

/// A position times a multiplier has no anchor method: it is written with the item initializer.
@Test func positionMultipliersUseTheItemInitializer() {
    let compilation = appKitCompilation()
    let source = generateSwift(compilation.checked.model, irs: compilation.irs)
    #expect(source.contains("NSLayoutConstraint(item: icon, attribute: .centerY, relatedBy: .equal, toItem: title, attribute: .bottom, multiplier: 0.5, constant: 0)"))
    // Baseline alignment: the stack's baseline is resolved to a leaf; leaves' baselines are runtime-only.
    #expect(source.contains("#if STACKC_RUNTIME"))
    #expect(source.contains("title.firstBaselineAnchor.constraint(equalTo: title.topAnchor, constant: 15)"))
    #expect(!source.contains("counts.firstBaselineAnchor"), "guides have no baseline anchors")
}
