import Testing
@testable import StackSolver

@Test func placeholderStackSolver() { #expect(Bool(true)) }
