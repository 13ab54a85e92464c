extension ConstraintIR {
    /// The IR without the root's own `width:`/`height:` constraints in the dimensions a container will
    /// give it, so a requested size (`stackc layout --width`, a preview, a window resize) replaces the
    /// size written in the file instead of conflicting with it.
    public func replacingRootSize(width: Bool, height: Bool) -> ConstraintIR {
        guard width || height else { return self }
        var copy = self
        copy.constraints.removeAll { constraint in
            constraint.category == .explicitSize && constraint.first.item == ItemID(0) && constraint.second == nil
                && ((width && constraint.first.attribute == .width) || (height && constraint.first.attribute == .height))
        }
        return copy
    }
}
