import StackText

/// Gives every label and button with `text:` and no `intrinsic:` the intrinsic size UIKit measures for
/// its text, and its baselines (StackText's `measureLabel`, `measureButton`); explicit
/// `firstBaseline:`/`lastBaseline:` win.
func measureText(in tree: inout LayoutTree, environment: TextEnvironment) {
    for index in tree.nodes.indices {
        // The kind and the intrinsic size's origin first, so a leaf's attributes (strings included)
        // are copied out only for the labels and buttons that are measured.
        guard tree.nodes[index].kind == .label || tree.nodes[index].kind == .button,
              tree.nodes[index].origins.intrinsic == nil,
              let leaf = tree.nodes[index].leaf, let text = leaf.text else { continue }
        let measured = tree.nodes[index].kind == .button
            ? environment.measureButton(text, font: leaf.font ?? TextEnvironment.buttonFont)
            : environment.measureLabel(text, font: leaf.font ?? .default, lines: leaf.lines)
        tree.nodes[index].leaf?.intrinsic = PerAxis(horizontal: measured.width, vertical: measured.height)
        tree.nodes[index].leaf?.measuredText = true
        if leaf.firstBaseline == nil && tree.nodes[index].origins.baselines == nil {
            tree.nodes[index].leaf?.firstBaseline = measured.firstBaseline
            tree.nodes[index].leaf?.lastBaseline = measured.lastBaseline
        }
    }
}
