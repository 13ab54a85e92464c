import Testing
import StackSyntax
@testable import StackIR

/// The text and JSON forms, the parser's errors, and the comparison helper itself.
@Suite struct IRTextTests {
    static let sample = """
        stackc-ir 1
        root main
        file a.stack
        item main hstack distribution fillProportionally alignment center layoutMarginsRelative ; a.stack:1:1
        item main.a label owner main ; a.stack:2:3
        item main.b view owner main hidden ; a.stack:3:3
        item main#spanner guide owner main role alignment-spanner ; a.stack:1:1
        stk-spacing main.b.leading == main.a.trailing + 8 @1000 ; a.stack:3:7
        stk-fill-proportionally main.a.width == 0.5*main.width @999 ; a.stack:1:9
        stk-spanning-boundary main#spanner.top <= main.a.top - 2.5 @999.5 ; a.stack:1:1
        stk-explicit-size main.b.width == -4 ; a.stack:3:10
        """

    @Test func parsesTheDocumentedForm() throws {
        let ir = try ConstraintIR.parse(text: Self.sample).get()
        #expect(ir.root == "main" && ir.file == "a.stack")
        #expect(ir.items.count == 4)
        #expect(ir.items[3].kind == .guide && ir.items[3].role == .alignmentSpanner && ir.items[3].owner == ItemID(0))
        #expect(ir.items[0].arrangement == StackArrangement(
            axis: .horizontal, distribution: .fillProportionally, alignment: .center, layoutMarginsRelative: true))
        #expect(ir.items.map(\.isHidden) == [false, false, true, false])
        #expect(ir.items[1].arrangement == nil && ir.items[3].arrangement == nil)
        #expect(ir.constraints.count == 4)
        let proportional = ir.constraints[1]
        #expect(proportional.category == .fillProportionally && proportional.multiplier == 0.5 && proportional.priority == 999)
        #expect(ir.constraints[2].constant == -2.5 && ir.constraints[2].relation == .lessThanOrEqual)
        #expect(ir.constraints[3].second == nil && ir.constraints[3].constant == -4 && ir.constraints[3].priority == 1000)
        #expect(ir.constraints[0].origin == Origin(line: 3, column: 7))
        let again = try ConstraintIR.parse(text: ir.text).get()
        #expect(again == ir)
    }

    @Test func exactNumbersRoundTrip() throws {
        let base = try ConstraintIR.parse(text: Self.sample).get()
        var ir = base
        ir.constraints[1].multiplier = 160.0 / 280.0
        ir.constraints[0].constant = 1e-7
        ir.constraints[2].priority = 999.5
        let again = try ConstraintIR.parse(text: ir.text).get()
        #expect(again.constraints[1].multiplier == 160.0 / 280.0)
        #expect(again == ir)
    }

    @Test(arguments: [
        ("stackc-ir 2", 1),
        ("item main hstack\nitem main hstack", 2),
        ("item main blob", 1),
        ("item main hstack\nstk-spacing main.leading == main.trailing + x", 2),
        ("item main hstack\nstk-bogus main.leading == main.trailing", 2),
        ("item main hstack\nstk-spacing main.leading =! main.trailing", 2),
        ("item main hstack\nstk-spacing main.middle == main.trailing", 2),
        ("item main hstack\nstk-spacing nobody.leading == main.trailing", 2),
        ("item main hstack\n\nstk-spacing main.leading == main.trailing @high", 3),
        ("item main hstack\nstk-spacing main.leading ==", 2),
        ("item main hstack owner ghost", 1),
        ("item main hstack ; a.stack:x:1", 1),
        ("item main view distribution fill", 1),
        ("item main hstack distribution wide", 1),
        ("item main hstack alignment", 1),
        ("item main label baselineRelative", 1),
        ("hello", 1),
        ("item main hstack\nstk-spacing main.leading == 2*main.trailing + 1 + 2", 2),
        ("item main hstack\nstk-spacing main.leading == nan*main.trailing", 2),
    ])
    func malformedTextReportsItsLine(_ text: String, _ line: Int) {
        switch ConstraintIR.parse(text: text) {
        case .success: Issue.record("parsed: \(text)")
        case .failure(let error):
            #expect(error.line == line, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func garbageNeverTraps() {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var state = seed
        let alphabet = Array("stk-spacing item main.a.leading == <= >= @ * + - ; : 0 1 . # \n\r\t é".utf8)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<80 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            _ = ConstraintIR.parse(text: String(decoding: bytes, as: UTF8.self))
        }
        // Reaching here is the assertion; the seed reproduces a crash.
        #expect(Bool(true), "seed \(seed)")
    }

    @Test func jsonFollowsTheSchema() throws {
        let ir = try ConstraintIR.parse(text: Self.sample).get()
        let json = ir.json.rendered()
        #expect(json.hasPrefix(#"{"root":"main","uikit":"current","items":[{"name":"main","kind":"hstack","owner":null,"role":null,"arrangement":{"axis":"horizontal","distribution":"fillProportionally","alignment":"center","baselineRelative":false,"layoutMarginsRelative":true},"hidden":false}"#))
        #expect(json.contains(#"{"name":"main.b","kind":"view","owner":"main","role":null,"arrangement":null,"hidden":true}"#))
        #expect(json.contains(#"{"name":"main#spanner","kind":"guide","owner":"main","role":"alignment-spanner","arrangement":null,"hidden":false}"#))
        #expect(json.contains(#"{"identifier":"stk-spacing","first":{"item":"main.b","attribute":"leading"},"relation":"==","multiplier":1,"second":{"item":"main.a","attribute":"trailing"},"constant":8,"priority":1000,"origin":{"file":"a.stack","line":3,"column":7}}"#))
        #expect(json.contains(#""second":null,"constant":-4"#))
        #expect(ir.json.rendered() == json)
    }

    @Test func comparisonTreatsEquivalentFormsAsEqual() throws {
        let expected = try ConstraintIR.parse(text: """
            item a view
            item b view
            stk-spacing a.leading == 2*b.trailing + 4
            stk-spacing a.top <= b.top + 1
            """).get()
        let actual = try ConstraintIR.parse(text: """
            item b view
            item a view
            stk-spacing b.trailing == 0.5*a.leading - 2
            stk-spacing b.top >= a.top - 1
            """).get()
        #expect(compareConstraintSets(expected: expected, actual: actual).isEmpty)
    }

    @Test(arguments: [
        "stk-spacing a.leading == 2*b.trailing + 4.1",   // constant
        "stk-spacing a.leading == 2.01*b.trailing + 4",  // multiplier
        "stk-spacing a.leading >= 2*b.trailing + 4",     // relation
        "stk-spacing a.leading == 2*b.trailing + 4 @999", // priority
        "stk-spacing a.leading == 2*b.leading + 4",      // attribute
        "stk-alignment a.leading == 2*b.trailing + 4",   // category
    ])
    func comparisonCatchesEveryDifference(_ wrong: String) throws {
        let expected = try ConstraintIR.parse(text: "item a view\nitem b view\nstk-spacing a.leading == 2*b.trailing + 4").get()
        let actual = try ConstraintIR.parse(text: "item a view\nitem b view\n" + wrong).get()
        let difference = compareConstraintSets(expected: expected, actual: actual)
        #expect(difference.missing.count == 1 && difference.unexpected.count == 1)
    }

    @Test func comparisonCatchesMissingAndExtraConstraints() throws {
        let expected = try ConstraintIR.parse(text: "item a view\nstk-hiding a.width == 0\nstk-hiding a.width == 0").get()
        let one = try ConstraintIR.parse(text: "item a view\nstk-hiding a.width == 0").get()
        #expect(compareConstraintSets(expected: expected, actual: one).missing.count == 1)
        #expect(compareConstraintSets(expected: one, actual: expected).unexpected.count == 1)
    }

    @Test func aWrongGoldenFails() throws {
        // The seed's fill listing must not match the leading-alignment lowering.
        let fill = try ConstraintIR.parse(text: Fixtures.text("h-1.1-fill.ir")).get()
        var config = try #require(SeedConfiguration(fixture: Fixtures.text("h-1.1-fill.ir")))
        config.alignment = .leading
        #expect(!compareConstraintSets(expected: fill, actual: config.builder.lowered()).isEmpty)
    }
}
