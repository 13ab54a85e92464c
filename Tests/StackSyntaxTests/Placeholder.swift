import Testing
@testable import StackSyntax

@Test func placeholderStackSyntax() { #expect(Bool(true)) }
