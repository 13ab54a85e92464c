import Foundation
import StackDriver
import StackIR
import StackRuntime
import StackSemantics
import StackSolver
import Testing

/// `setHidden(_:for:)` reproduces UIStackView: after any sequence of toggles, the frames equal the
/// solver's for the layout lowered with those hidden states. settings.stack has six toggleable rows;
/// every one of the 64 combinations is reached from the previous one by toggles (a Gray-code walk,
/// so each step exercises deactivation and activation), and also set up on a fresh install.
@MainActor
@Test func settingsTogglesMatchRelowering() throws {
    let compilation = try compile("settings.stack")
    let tree = try #require(compilation.checked.model.roots.first)
    let toggles = SettingsLayout.Toggle.allCases
    let nodes = toggles.map { toggle in tree.nodes.firstIndex { $0.path == "settings.\(toggle)" } }
    #expect(nodes.allSatisfy { $0 != nil }, "every toggle names a node")

    let walked = SettingsLayout()
    let container = UIView()
    walked.install(in: container)
    var worst = 0.0
    for step in 0..<(1 << toggles.count) {
        let mask = step ^ (step >> 1)
        var variant = tree
        for (bit, node) in nodes.enumerated() {
            let hidden = mask & (1 << bit) != 0
            variant.nodes[node!].hidden = hidden
            walked.setHidden(hidden, for: toggles[bit])
        }
        container.layoutIfNeeded()
        let ir = lower(variant, in: compilation.file)
        let solution = solve(ir)
        var frames: [String: CGRect] = [:]
        for entry in walked.frames() { frames[entry.name] = entry.frame }
        let (difference, detail) = maxDifference(frames, ir, solution)
        #expect(difference <= 1e-6, "walk mask \(mask): \(detail)")
        worst = max(worst, difference)

        let fresh = SettingsLayout()
        for (bit, toggle) in toggles.enumerated() { fresh.setHidden(mask & (1 << bit) != 0, for: toggle) }
        let freshFrames = runLayout(fresh)
        let (freshDifference, freshDetail) = maxDifference(freshFrames, ir, solution)
        #expect(freshDifference <= 1e-6, "fresh mask \(mask): \(freshDetail)")
    }
    #expect(worst <= 1e-6)
}

/// Hiding a row hides its views too, as UIStackView hides an arranged subview's subtree.
@MainActor
@Test func hiddenStacksHideTheirViews() {
    let layout = SettingsLayout()
    #expect(layout.isHidden(.cellular))
    #expect(layout.cellularLabel1.isHidden)
    #expect(!layout.wifiLabel1.isHidden)
    layout.setHidden(true, for: .wifi)
    layout.setHidden(false, for: .cellular)
    #expect(layout.wifiLabel1.isHidden && layout.wifiImage0.isHidden)
    #expect(!layout.cellularLabel1.isHidden)
}
