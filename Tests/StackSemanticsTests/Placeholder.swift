import Testing
@testable import StackSemantics

@Test func placeholderStackSemantics() { #expect(Bool(true)) }
