import StackSyntax

/// Warnings about code that is valid but almost certainly not what its author meant: a component
/// parameter nothing reads, a parameter that hides a constant, a `spacingAfter` with no item after it.
/// (Unused constants are found while evaluating: Checker.swift.)
extension Checker {
    /// W103 and W104 for one component's parameters. A parameter counts as used when its name appears
    /// anywhere in the body, as a value, an argument or the base of a member (`size.width`), whether
    /// or not the component is ever instantiated.
    mutating func lintParameters(of decl: ComponentDecl) {
        let used = identifiers(in: decl.body)
        for parameter in decl.parameters where !parameter.name.isMissing {
            let name = parameter.name.text
            if let constant = constantDecls[name] {
                report(.parameterShadowsConstant,
                       "parameter '\(name)' shadows the constant '\(name)'; inside '\(decl.name.text)' the name means the parameter",
                       at: parameter.name.range, notes: [DiagnosticNote("constant declared here", at: constant.name.range)])
            }
            if !used.contains(name) {
                report(.unusedParameter, "parameter '\(name)' of component '\(decl.name.text)' is never used", at: parameter.name.range)
            }
        }
    }

    /// W102 for a `spacingAfter` on the last arranged item of a stack: UIKit's `setCustomSpacing(_:after:)`
    /// only changes the gap to the next item, so after the last one it does nothing.
    mutating func lintSpacingAfterLastItem(in nodes: [LayoutNode]) {
        // By index: `for node in nodes` copies every node (~600 bytes) to look at a few stacks.
        for index in nodes.indices where nodes[index].kind.isStack {
            guard let last = nodes[index].children.last, nodes.indices.contains(last),
                  nodes[last].spacingAfter != nil, let range = nodes[last].origins.spacingAfter else { continue }
            report(.attributeHasNoEffect,
                   "spacingAfter has no effect on the last item of a stack: no item follows '\(nodes[last].name)'", at: range)
        }
    }

    /// Every identifier in a block, members' bases included; iterative, so no nesting depth recurses.
    private func identifiers(in block: Block) -> Set<String> {
        var names: Set<String> = []
        var declarations = block.members
        var expressions: [Expression] = []
        while let declaration = declarations.popLast() {
            switch declaration {
            case .element(let element):
                expressions += element.arguments?.arguments.map(\.value) ?? []
                declarations += element.body?.members ?? []
            case .constraints(let constraints):
                for constraint in constraints.constraints {
                    expressions += [constraint.left, constraint.right] + (constraint.priority.map { [$0] } ?? [])
                }
            case .constant(let decl):
                expressions.append(decl.value)
            case .component(let decl):
                declarations += decl.body.members
            case .error:
                continue
            }
            while let expression = expressions.popLast() {
                switch expression.kind {
                case .identifier(let name): names.insert(name)
                case .member(let base, _): expressions.append(base)
                case .negate(let inner), .parenthesized(let inner): expressions.append(inner)
                case .binary(_, let left, let right), .size(let left, let right): expressions += [left, right]
                case .tuple(let elements), .call(_, let elements): expressions += elements
                case .number, .string, .bool, .none, .missing: continue
                }
            }
        }
        return names
    }
}
