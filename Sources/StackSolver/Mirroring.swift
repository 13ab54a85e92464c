import StackIR

extension LayoutSolution {
    /// The frames as a right-to-left layout shows them: solved from the leading edge
    /// (`ConstraintIR.forDirection`), each frame is reflected in the root's vertical centre line.
    /// Heights, vertical positions and baselines do not change.
    public func mirrored(for direction: LayoutDirection) -> LayoutSolution {
        guard direction == .rightToLeft, let root = frames.first else { return self }
        var result = self
        for index in result.frames.indices {
            let frame = result.frames[index]
            result.frames[index].x = root.width - frame.x - frame.width
        }
        return result
    }
}
