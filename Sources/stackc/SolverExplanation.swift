import StackIR
import StackSolver
import StackSyntax

/// `stackc layout --explain-solver`: how each root and width was solved, as text under the frames or
/// as a `"solver"` object in the JSON.
enum SolverExplanation {
    static let option = OptionSpec(name: "explain-solver", takesValue: false, help: """
        Say how each layout was solved: per stack, the structured solver's mechanism,
        or why the general solver answered and how large a group it solved
        """)

    /// The text block: `solver:` and the report's lines, indented.
    static func text(_ report: SolveReport, _ ir: ConstraintIR) -> String {
        let heading: String
        switch report.path {
        case .structured: heading = "solver: structured"
        case .general: heading = "solver: general"
        case .split: heading = "solver: split by axis"
        case .eachAxis(_, let axes) where axes.contains(where: \.isJoinedAcross):
            heading = "solver: general, both axes as one joint group"
        case .eachAxis: heading = "solver: general, each axis alone"
        case .subtreeConflicts: heading = "solver: structured, after breaking conflicts found in their subtrees"
        }
        return ([heading] + report.lines(in: ir).map { "  " + $0 }).joined(separator: "\n") + "\n"
    }

    /// The `"solver"` object: `{"path": "structured", "stacks": [{"item", "kind", "distribution",
    /// "mechanism"}...]}`, `{"path": "general", "reason", "item", "description", "whole": {"reason", "description"}, "items",
    /// "constraints"}`,
    /// `{"path": "split", ..., "generalAxis", "constraints", "joint": {..., "walkedHubs", "afterStop", "brokenFirst",
    /// "acrossAxes"}, "stacks"}`,
    /// `{"path": "eachAxis", ..., "axes": [{"axis", "constraints", "joint"}...]}` or `{"path": "subtreeConflicts",
    /// ..., "groups": [{"item", "axis", "constraints"}...], "stacks"}`.
    static func json(_ report: SolveReport, _ ir: ConstraintIR) -> JSONValue {
        func name(_ node: Int?) -> JSONValue {
            guard let node, ir.items.indices.contains(node) else { return .null }
            return .string(ir.items[node].name)
        }
        func stackArray(_ stacks: [StructuredStack]) -> JSONValue {
            .array(stacks.map { stack in
                .object([
                    ("item", name(stack.node)), ("kind", .string(stack.kind)),
                    ("distribution", .string(stack.distribution.rawValue)), ("mechanism", .string(stack.mechanism.rawValue)),
                ])
            })
        }
        func group(_ joint: JointGroupOutcome?) -> JSONValue {
            switch joint {
            case .solved(let joint)?:
                return .object([
                    ("items", .number(Double(joint.items))), ("subtrees", .number(Double(joint.subtrees))),
                    ("runs", .number(Double(joint.runs))), ("leaves", .number(Double(joint.leaves))),
                    ("pieces", .number(Double(joint.pieces))),
                    ("walkedHubs", .array(joint.walkedHubs.map(name))), ("afterStop", .bool(joint.afterStop)),
                    ("brokenFirst", .number(Double(joint.brokenFirst))), ("acrossAxes", .number(Double(joint.acrossAxes))),
                ])
            case .declined(let decline)?:
                return .object([("declined", .string(decline.description(in: ir)))])
            case nil:
                return .null
            }
        }
        switch report.path {
        case .structured(let stacks):
            return .object([("path", .string("structured")), ("stacks", stackArray(stacks))])
        case .split(let reason, let axis, let stacks, let constraints, let joint):
            return .object([
                ("path", .string("split")), ("reason", .string(reason.kind)), ("item", name(reason.node)),
                ("description", .string(reason.description(in: ir))), ("generalAxis", .string(axis.rawValue)),
                ("constraints", .number(Double(constraints))), ("joint", group(joint)), ("stacks", stackArray(stacks)),
            ])
        case .eachAxis(let reason, let axes):
            return .object([
                ("path", .string("eachAxis")), ("reason", .string(reason.kind)), ("item", name(reason.node)),
                ("description", .string(reason.description(in: ir))),
                ("axes", .array(axes.map { axis in
                    .object([
                        ("axis", .string(axis.axis.rawValue)), ("constraints", .number(Double(axis.constraints))),
                        ("joint", group(axis.joint)),
                    ])
                })),
            ])
        case .subtreeConflicts(let reason, let groups, let stacks):
            return .object([
                ("path", .string("subtreeConflicts")), ("reason", .string(reason.kind)), ("item", name(reason.node)),
                ("description", .string(reason.description(in: ir))),
                ("groups", .array(groups.map { group in
                    .object([
                        ("item", name(group.node)), ("axis", .string(group.axis.rawValue)),
                        ("constraints", .number(Double(group.constraints))),
                    ])
                })),
                ("stacks", stackArray(stacks)),
            ])
        case .general(let reason, let whole, let items, let constraints):
            return .object([
                ("path", .string("general")), ("reason", .string(reason.kind)), ("item", name(reason.node)),
                ("description", .string(reason.description(in: ir))),
                ("whole", whole.map { .object([("reason", .string($0.kind)), ("description", .string($0.description(in: ir)))]) } ?? .null),
                ("items", .number(Double(items))), ("constraints", .number(Double(constraints))),
            ])
        }
    }

    /// `layoutJSON`'s object with the `"solver"` member added last.
    static func adding(_ report: SolveReport, _ ir: ConstraintIR, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = value else { return value }
        members.append(("solver", json(report, ir)))
        return .object(members)
    }
}
