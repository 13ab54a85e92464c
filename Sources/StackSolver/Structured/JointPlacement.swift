import StackIR

/// What a joint solve decided along one axis (JointGroup.swift): per node, whether it is on the
/// spine (its items' places come from the joint solve), and each spine stack's items' positions and
/// lengths.
struct JointPlacement {
    var spine: [Bool]
    var position: [Double]
    var length: [Double]
}

extension StructuredLayout {
    /// Gives a spine stack's items their places along `axis` in the top-down pass's buffers, and
    /// their frames (the joint solve's own are kept; an item of a run of untouched items has only these).
    func place(_ children: Slice<UnsafeBufferPointer<Int>>, axis: Int, joint: JointPlacement, buffers: TopDownBuffers) {
        for child in children {
            buffers.position[2 * child + axis] = joint.position[child]
            buffers.length[2 * child + axis] = joint.length[child]
            buffers.frames.set(child, rounded(joint.position[child], joint.length[child]))
        }
    }

    /// One axis of the top-down pass under a joint solve (JointGroup.swift): the spine's items take
    /// the places the joint solve gave them, and the pass splits only the subtrees hanging off it.
    func frames(along axis: Int, rootLength: Double, joint: JointPlacement) throws(FallbackReason) -> LayoutSolution {
        var scratch = TopDownScratch()
        scratch.position = [Double](repeating: 0, count: 2 * model.count)
        scratch.length = [Double](repeating: 0, count: 2 * model.count)
        scratch.frames = [Frame](repeating: .zero, count: model.itemCount)
        scratch.determined = [Determination](repeating: .all, count: model.itemCount)
        scratch.baselines = Array(repeating: BaselinePair(first: 0, last: 0), count: model.itemCount)
        if let reason = layOut(axis: axis, rootLength: rootLength, scratch: &scratch, joint: joint) { throw reason }
        return LayoutSolution(
            frames: scratch.frames, determined: scratch.determined, baselines: scratch.baselines,
            findings: [], brokenConstraints: [], pivots: 0)
    }
}
