import StackSemantics
import StackSyntax

/// `lower(tree)` together with, per node, the range of the IR's constraints that node creates
/// (`Lowerer.lowerNode`: a stack's constraints for its arranged items, then the node's own size
/// constraints; pre-order keeps each node's contiguous). Codegen uses the ranges to swap one stack's
/// constraints for those of another combination of its items' hidden states.
public func lowerRecordingNodes(_ tree: LayoutTree, in file: SourceFile, uikit: UIKitTarget = .default)
    -> (ir: ConstraintIR, nodeConstraints: [Range<Int>]) {
    var lowerer = Lowerer(tree: tree, file: file, uikit: uikit)
    lowerer.recordsNodes = true
    lowerer.run()
    let ir = ConstraintIR(root: tree.name, file: file.path, items: lowerer.items, constraints: lowerer.constraints, uikit: uikit)
    return (ir, lowerer.nodeConstraints)
}

/// The constraints one node creates, lowered alone.
public struct NodeLowering: Sendable {
    /// In the order `lower(tree)` emits them.
    public var constraints: [IRConstraint]
    /// The guides the node creates; `guides[k]` has the id `firstGuide + k`.
    public var guides: [IRItem]
    public var firstGuide: Int
}

/// The constraints node `index` of `tree` creates, equal to its range in `lowerRecordingNodes(tree)`
/// but for the ids of its guides (here from `tree.nodes.count` on), in time proportional to what the
/// node's own lowering reads: its arranged items, and their subtrees for `fillProportionally`.
/// Baseline definitions are not part of it: they follow from every node's constraints together.
public func lowerNode(_ index: Int, of tree: LayoutTree, in file: SourceFile, uikit: UIKitTarget = .default) -> NodeLowering {
    var lowerer = Lowerer(tree: tree, file: file, uikit: uikit)
    lowerer.firstItemID = tree.nodes.count
    if tree.nodes.indices.contains(index) { lowerer.lowerNode(index) }
    return NodeLowering(constraints: lowerer.constraints, guides: lowerer.items, firstGuide: tree.nodes.count)
}
