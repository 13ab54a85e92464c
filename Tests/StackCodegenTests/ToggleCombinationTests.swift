@testable import StackCodegen
import StackDriver
import StackIR
import StackSemantics
import StackSyntax
import StackTestSupport
import Testing

/// Both ways of taking a toggled stack's combinations, from the stack lowered alone
/// (`Plan.localCombinations`) and from whole lowerings trimmed to what they change
/// (`wholeCombinations`), give the plan of the plain definition (`referenceCombinations` below): the
/// same constraints in the same order, the same pool, tables and toggles, the same guide names.
@Test func combinationsMatchThePlainDefinition() {
    let seed = testSeed()
    print("toggle combinations seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var compared = (local: 0, whole: 0)
    var failures = 0
    for index in 0..<(longTestsEnabled ? 4_000 : 400) where failures < 3 {
        let text = generator.program().text
        let uikit: UIKitTarget = index % 4 == 3 ? .iOS9 : .current
        let compilation = Compilation(file: SourceFile(path: "p\(index).stack", text: text), solving: false, uikit: uikit)
        for (tree, ir) in zip(compilation.checked.model.roots, compilation.irs) {
            let plan = Plan(tree: tree, ir: ir, file: compilation.file, names: Names(platform: .uikit))
            guard !plan.toggles.isEmpty || plan.combinedLocally else { continue }
            let reference = referencePlan(tree, ir, compilation.file)
            if plan.combinedLocally { compared.local += 1 } else { compared.whole += 1 }
            let whole = Plan(tree: tree, ir: ir, file: compilation.file, names: Names(platform: .uikit), local: false)
            for (way, candidate) in [("default", plan), ("whole lowerings", whole)] {
                if let difference = difference(candidate, reference) {
                    failures += 1
                    Issue.record("seed \(seed), program \(index), root \(tree.name), \(way): \(difference)\n--- program:\n\(text)")
                }
            }
        }
    }
    print("toggle combinations: \(compared.local) plans combined locally, \(compared.whole) from whole lowerings")
    #expect(compared.local >= 20 && compared.whole >= 20, "both ways are exercised")
}

/// A nested layout with a toggle in every column, of every distribution and alignment, margins and
/// custom spacing, some toggles written hidden: the local path answers, as the whole one does.
@Test func everyColumnToggledMatchesThePlainDefinition() throws {
    let distributions = ["fill", "fillEqually", "equalSpacing", "equalCentering"]
    let alignments = ["fill", "leading", "center", "trailing"]
    var lines = ["vstack main(spacing: 4) {"]
    var toggled = 0
    for section in 0..<8 {
        let margins = section % 3 == 0 ? ", margins: (4, 8)" : ""
        lines.append("    hstack s\(section)(distribution: \(distributions[section % 4]), alignment: \(["top", "center", "fill", "bottom"][section % 4]), spacing: 8\(margins)) {")
        for column in 0..<4 {
            let after = column == 1 ? ", spacingAfter: 12" : ""
            lines.append("        vstack c\(section)x\(column)(distribution: \(distributions[(section + column) % 4]), alignment: \(alignments[(section + column) % 4]), spacing: 2\(after)) {")
            for row in 0..<4 {
                let toggles = row == (section + column) % 4
                if toggles || (row == 3 && column == 2) { toggled += 1 }
                let hidden = toggles ? ", hidden: \((section * column) % 3 == 0)" : row == 3 && column == 2 ? ", hidden: true" : ""
                lines.append("            label v\(section)x\(column)x\(row)(intrinsic: \(10 + row * 7) x \(12 + column * 5)\(hidden))")
            }
            lines.append("        }")
        }
        lines.append("    }")
    }
    lines.append("}")
    let compilation = Compilation(file: SourceFile(path: "toggles.stack", text: lines.joined(separator: "\n") + "\n"), solving: false)
    #expect(!compilation.diagnostics.contains { $0.severity == .error }, "\(compilation.diagnostics.map(\.message))")
    let tree = try #require(compilation.checked.model.roots.first)
    let ir = try #require(compilation.irs.first)
    let plan = Plan(tree: tree, ir: ir, file: compilation.file, names: Names(platform: .uikit))
    let whole = Plan(tree: tree, ir: ir, file: compilation.file, names: Names(platform: .uikit), local: false)
    let reference = referencePlan(tree, ir, compilation.file)
    #expect(plan.combinedLocally)
    #expect(plan.toggles.count == toggled)
    #expect(plan.poolSize > 0)
    #expect(difference(plan, reference) == nil)
    #expect(difference(whole, reference) == nil)
}

/// The plan by the plain definition: every combination lowered whole, each stack accepted when all
/// the sequences so far still merge, the order the merge of them all.
private func referencePlan(_ tree: LayoutTree, _ ir: ConstraintIR, _ file: SourceFile) -> Plan {
    let names = Names(platform: .uikit)
    return Plan(tree: tree) { plan, stacks in
        let base = plan.keys(tree: tree, ir: ir, names: names)
        var sequences = [base]
        var pools: [Plan.Pool] = []
        for (stack, members) in stacks {
            var variants: [[Key]] = []
            for mask in 0..<(1 << members.count) {
                var variant = tree
                for (bit, node) in members.enumerated() { variant.nodes[node].hidden = mask & (1 << bit) != 0 }
                variants.append(plan.keys(tree: variant, ir: lower(variant, in: file, uikit: ir.uikit), names: names))
            }
            guard Plan.merge(sequences + variants) != nil else { continue }
            sequences += variants
            pools.append(Plan.Pool(stack: stack, toggles: members, perCombination: Plan.pooled(variants)))
        }
        return Plan.Combinations(order: Plan.merge(sequences) ?? base, pools: pools)
    }
}

/// The first way two plans differ, or nil.
private func difference(_ a: Plan, _ b: Plan) -> String? {
    if a.ordered.count != b.ordered.count { return "\(a.ordered.count) constraints against \(b.ordered.count)" }
    for (index, (x, y)) in zip(a.ordered, b.ordered).enumerated() where x.entry != y.entry || x.placement != y.placement {
        return "constraint \(index): \(x.entry.code) \(x.placement) against \(y.entry.code) \(y.placement)"
    }
    if a.poolSize != b.poolSize { return "pool \(a.poolSize) against \(b.poolSize)" }
    if a.toggles.map({ [$0.node, $0.group, $0.bit] }) != b.toggles.map({ [$0.node, $0.group, $0.bit] }) { return "toggles differ" }
    if a.groups.map({ [[$0.stack], $0.toggles] + $0.table }) != b.groups.map({ [[$0.stack], $0.toggles] + $0.table }) {
        return "tables differ"
    }
    if a.naming.guides.map({ $0.irName + " " + $0.property }) != b.naming.guides.map({ $0.irName + " " + $0.property }) {
        return "guide names differ"
    }
    return nil
}
