import Testing
@testable import StackIR

@Test func placeholderStackIR() { #expect(Bool(true)) }
