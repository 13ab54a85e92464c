import StackSyntax
import StackTestSupport
import Testing
@testable import StackSemantics

/// Checks `marked` and compares the diagnostics (ID and start marker) exactly, in order.
@discardableResult
func assertCheck(_ marked: String, _ expected: [(DiagnosticID, String)] = [],
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CheckResult {
    let source = MarkedSource(marked)
    let result = check(SourceFile(path: "t.stack", text: source.text))
    let actual = result.diagnostics.map { "\($0.id.rawValue)@\($0.range.start)" }
    let wanted = expected.map { "\($0.0.rawValue)@\(source[$0.1])" }
    #expect(actual == wanted, "diagnostics: \(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return result
}

@Test func validFileHasNoDiagnostics() {
    assertCheck("""
        let gap = 8
        component Icon(name: String, size: Number = 24) { image(image: name, intrinsic: size x size) }
        hstack bar(alignment: center, spacing: gap / 2) {
            Icon first(name: "a")
            label title(text: "Title", intrinsic: 100 x none)
            constraints { first.width == title.height * 2 + 1 @defaultHigh }
        }
        """)
}

@Test func unknownElementSuggestsTheClosest() {
    let result = assertCheck("vstack { 1️⃣vstak {} }", [(.unknownElement, "1️⃣")])
    #expect(result.diagnostics.first?.message == "unknown element 'vstak'; did you mean 'vstack'?")
    #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == "vstack")
}

@Test func unknownAttributeSuggestsAndExplainsMisplacedOnes() {
    let result = assertCheck("hstack(1️⃣spacng: 3, 2️⃣intrinsic: 3 x 3)", [(.unknownAttribute, "1️⃣"), (.unknownAttribute, "2️⃣")])
    #expect(result.diagnostics.map(\.message) == [
        "unknown attribute 'spacng' for hstack; did you mean 'spacing'?",
        "'intrinsic' is not an attribute of hstack; it applies to leaf elements",
    ])
}

@Test func wrongValueTypes() {
    assertCheck("""
        vstack(spacing: 1️⃣"8", hidden: 2️⃣3, alignment: 3️⃣"center") { label(intrinsic: 4️⃣40, text: 5️⃣hello) }
        """, [(.wrongValueType, "1️⃣"), (.wrongValueType, "2️⃣"), (.wrongValueType, "3️⃣"), (.wrongValueType, "4️⃣"), (.wrongValueType, "5️⃣")])
}

@Test func unknownEnumCaseListsTheValidOnes() {
    let result = assertCheck("vstack(distribution: 1️⃣evenly)", [(.unknownEnumCase, "1️⃣")])
    #expect(result.diagnostics.first?.message ==
            "unknown distribution 'evenly'; expected 'fill', 'fillEqually', 'fillProportionally', 'equalSpacing' or 'equalCentering'")
}

@Test func prioritiesMustBeInRange() {
    assertCheck("vstack { view a(hugging: 1️⃣1001, compression: 2️⃣0) view b(hugging: required) }",
                [(.priorityOutOfRange, "1️⃣"), (.priorityOutOfRange, "2️⃣")])
}

@Test func negativeSizesAreErrors() {
    assertCheck("vstack(width: 1️⃣-3) { view(intrinsic: 2️⃣-1 x 4) }", [(.negativeSize, "1️⃣"), (.negativeSize, "2️⃣")])
}

@Test func duplicateNamesInOneScope() {
    let result = assertCheck("vstack { view a view 1️⃣a }", [(.duplicateName, "1️⃣")])
    #expect(result.diagnostics.first?.notes.count == 1)
}

@Test func namesInsideComponentsDoNotClashWithOutside() {
    assertCheck("""
        component C() { vstack { view a } }
        vstack { view a C x C y }
        """)
}

@Test func componentErrors() {
    assertCheck("""
        component C(a: Number, b: Number = 2) { view(width: a + b) }
        vstack {
            1️⃣D()
            C(a: 1, 3️⃣c: 2)
            C4️⃣()
        }
        """, [(.unknownComponent, "1️⃣"), (.unknownParameter, "3️⃣"), (.missingArgument, "4️⃣")])
}

@Test func recursiveComponentsAreAnErrorNotAHang() {
    assertCheck("""
        component A() { vstack { B() } }
        component B() { vstack { 1️⃣A() } }
        vstack { A() }
        """, [(.recursiveComponent, "1️⃣")])
}

@Test func exponentialExpansionIsBounded() {
    var text = "component C0() { view }\n"
    for level in 1...12 {
        text += "component C\(level)() { vstack { " + String(repeating: "C\(level - 1)() ", count: 10) + "} }\n"
    }
    text += "vstack { C12() }\n"
    let result = check(SourceFile(path: "t", text: text))
    #expect(result.diagnostics.map(\.id) == [.expansionTooLarge])
}

@Test func undefinedNamesInValuesAndConstraints() {
    let result = assertCheck("""
        let gap = 3
        vstack(spacing: 1️⃣gpa) {
            view title
            constraints { 2️⃣titel.width == 10 }
        }
        """, [(.undefinedName, "1️⃣"), (.undefinedName, "2️⃣")])
    #expect(result.diagnostics.map(\.message) == [
        "undefined name 'gpa'; did you mean 'gap'?", "no item named 'titel' in this scope; did you mean 'title'?",
    ])
}

@Test func baselineRulesFollowUIKit() {
    assertCheck("vstack(1️⃣alignment: firstBaseline) {} hstack(2️⃣baselineRelative: true) {}",
                [(.baselineAlignmentOnVerticalStack, "1️⃣"), (.baselineRelativeOnHorizontalStack, "2️⃣")])
}

@Test func duplicateAttribute() {
    assertCheck("vstack(width: 1, 1️⃣width: 2)", [(.duplicateAttribute, "1️⃣")])
}

@Test func rootMustBeAStack() {
    assertCheck("1️⃣view a", [(.misplacedDeclaration, "1️⃣")])
}

@Test func cyclicConstantsAreAnErrorNotAHang() {
    // Reported where the cycle closes: the use of 'a' inside 'b'.
    assertCheck("let a = b + 1\nlet b = 1️⃣a\nvstack(spacing: a)", [(.cyclicConstant, "1️⃣")])
}

@Test func divisionByZero() {
    assertCheck("vstack(spacing: 1️⃣3 / (2 - 2))", [(.invalidArithmetic, "1️⃣")])
}

@Test func constraintShapesAreChecked() {
    assertCheck("""
        vstack {
            view a view b
            constraints {
                1️⃣a.width == b.leading
                2️⃣a.leading == 3
                a.3️⃣widht == 3
                4️⃣a.width * b.width == 1
                5️⃣a == b.width
            }
        }
        """, [(.invalidConstraint, "1️⃣"), (.invalidConstraint, "2️⃣"), (.invalidConstraint, "3️⃣"),
              (.invalidConstraint, "4️⃣"), (.invalidConstraint, "5️⃣")])
}

@Test func childrenOnALeaf() {
    assertCheck("vstack { label 1️⃣{ view } }", [(.childrenOnLeaf, "1️⃣")])
}

@Test func unusedConstantIsAWarning() {
    let result = assertCheck("let 1️⃣unused = 3\nvstack", [(.unusedConstant, "1️⃣")])
    #expect(!result.diagnostics.hasErrors)
}

@Test func componentBodyErrorsAreReportedOncePerCause() {
    assertCheck("""
        component C() { view(width: 1️⃣"x") }
        vstack { C() C() C() }
        """, [(.wrongValueType, "1️⃣")])
}

@Test func parseErrorsDoNotCascadeIntoCheckerErrors() {
    assertCheck("vstack { view(width: 1️⃣) label(text: 2️⃣}", [(.expectedToken, "1️⃣"), (.expectedToken, "2️⃣")])
}

@Test func unusedParameterCountsEveryKindOfUse() {
    // Used as a value, in an argument of a nested instance, as a constraint constant, as a member base: no warning.
    assertCheck("""
        component Box(side: Number) { view(intrinsic: side x side) }
        component Pair(a: Number, b: Number, c: Number) {
            hstack {
                Box one(side: a)
                view two(intrinsic: 10 x 10)
                constraints { two.width == b @c }
            }
        }
        vstack { Pair(a: 1, b: 2, c: 750) }
        """)
    let result = assertCheck("""
        component Box(side: Number, 1️⃣unused: Bool = false) { view(intrinsic: side x side) }
        vstack { Box(side: 3) }
        """, [(.unusedParameter, "1️⃣")])
    #expect(result.diagnostics.first?.message == "parameter 'unused' of component 'Box' is never used")
}

@Test func unusedParameterIsNotReportedBesideErrors() {
    // The misspelled use is the error; an unused-parameter warning would only repeat it.
    assertCheck("""
        component Box(side: Number) { view(intrinsic: 1️⃣sid x 3) }
        vstack { Box(side: 3) }
        """, [(.undefinedName, "1️⃣")])
}

@Test func parameterShadowingAConstantPointsAtTheConstant() {
    let source = """
        let 1️⃣gap = 8
        component Row(2️⃣gap: Number) { hstack(spacing: gap) { view(intrinsic: 1 x 1) } }
        vstack(spacing: gap) { Row(gap: 2) }
        """
    let result = assertCheck(source, [(.parameterShadowsConstant, "2️⃣")])
    #expect(result.diagnostics.first?.notes.first?.range.start == MarkedSource(source)["1️⃣"])
}

@Test func spacingAfterWarnsOnlyOnTheLastItem() {
    assertCheck("""
        vstack {
            view(intrinsic: 1 x 1, spacingAfter: 4)
            view(intrinsic: 1 x 1, 1️⃣spacingAfter: 4)
        }
        """, [(.attributeHasNoEffect, "1️⃣")])
    // A component instance placed last: the warning is at the instance's own argument.
    assertCheck("""
        component Dot() { view(intrinsic: 1 x 1) }
        hstack {
            Dot(spacingAfter: 2)
            Dot(2️⃣spacingAfter: 2)
        }
        """, [(.attributeHasNoEffect, "2️⃣")])
}
