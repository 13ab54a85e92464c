import Foundation
import Testing
@testable import StackSolver

@Test func dumpSeed() {
    guard let text = ProcessInfo.processInfo.environment["STACKC_DUMP_SEED"], let seed = UInt64(text) else { return }
    let (ir, width, height) = randomCase(seed: seed)
    print("width \(String(describing: width)) height \(String(describing: height))")
    for index in ir.constraints.indices { print(index, describe(.constraint(index), in: ir)) }
    let solution = solve(ir, width: width, height: height)
    for (i, f) in solution.frames.enumerated() { print(ir.items[i].name, f, solution.baselines[i]) }
    for f in solution.findings { print(f.message) }
    for index in ir.constraints.indices { print(index, violation(ir.constraints[index], solution)) }
}
