/// `UISemanticContentAttribute`'s effect on layout: which side `leading` and `trailing` mean.
public enum LayoutDirection: String, Sendable, CaseIterable {
    /// Left to right: leading is left.
    case leftToRight = "ltr"
    /// Right to left: leading is right; stacks arrange from the right, `left` and `right` stay put.
    case rightToLeft = "rtl"
}

extension ConstraintIR {
    /// The IR to solve for `direction`, in leading-to-trailing coordinates (x grows from the leading
    /// edge): unchanged left to right; right to left, `left` is the trailing side and `right` the
    /// leading one, so constraints written with `left`/`right` keep their physical sides once the
    /// frames are mirrored (`LayoutSolution.mirrored`). Stack constraints use leading and trailing only.
    public func forDirection(_ direction: LayoutDirection) -> ConstraintIR {
        guard direction == .rightToLeft else { return self }
        var ir = self
        func flip(_ anchor: inout Anchor) {
            switch anchor.attribute {
            case .left: anchor.attribute = .trailing
            case .right: anchor.attribute = .leading
            default: break
            }
        }
        for index in ir.constraints.indices {
            flip(&ir.constraints[index].first)
            if ir.constraints[index].second != nil { flip(&ir.constraints[index].second!) }
        }
        return ir
    }
}
