import StackDriver
import StackSyntax
import Testing

// `.stackc.json`: what a valid file sets, and where each problem of an invalid one is reported.

private func parse(_ text: String) -> Result<ProjectConfiguration, ConfigurationError> {
    ProjectConfiguration.parse(Array(text.utf8), path: ".stackc.json")
}

/// Each problem as `line:column: message`, so expectations read like the command line's output.
private func problems(_ text: String) -> [String] {
    guard case .failure(let error) = parse(text) else { return [] }
    return error.problems.map { problem in
        let location = error.file.location(of: problem.range.start)
        return "\(location.line):\(location.column): \(problem.message)"
    }
}

@Test func anEmptyObjectIsTheStandardConfiguration() throws {
    #expect(try parse("{}").get() == .standard)
    #expect(try parse(" \n{ }\n").get() == .standard)
}

@Test func everySettingIsRead() throws {
    let configuration = try parse("""
        {"fmt": {"indentWidth": 2, "lineWidth": 80}, "disabled": ["W103", "w101", "W103"], "warningsAsErrors": true}
        """).get()
    #expect(configuration.formatStyle == StackFormatter.Style(indentWidth: 2, lineWidth: 80))
    #expect(configuration.disabledWarnings == [.unusedConstant, .unusedParameter])
    #expect(configuration.warningsAsErrors)
}

@Test func unknownKeysAndBadValuesAreLocated() {
    let text = """
        {
          "fmt": {"lineLength": 80, "indentWidth": 2.5},
          "disabled": "W101",
          "warningsAsErrors": 1,
          "fmt": {}
        }
        """
    #expect(problems(text) == [
        "2:11: unknown key 'lineLength' in 'fmt'; did you mean 'lineWidth'?",
        "2:44: 'fmt.indentWidth' takes a whole number from 1 to 16, not 2.5",
        "3:15: 'disabled' takes an array of warning IDs such as [\"W101\"], not a string",
        "4:23: 'warningsAsErrors' takes true or false, not a number",
        "5:3: 'fmt' is given twice",
    ])
}

@Test func onlyWarningsCanBeDisabled() {
    #expect(problems(#"{"disabled": ["E201", "X1", null]}"#) == [
        "1:15: 'E201' is an error; only warnings can be disabled",
        "1:23: unknown diagnostic ID 'X1'; the warnings are W101, W102, W103, W104, W201, W202, W203",
        "1:29: 'disabled' takes warning IDs as strings such as \"W101\", not null",
    ])
}

@Test func jsonSyntaxErrorsAreLocated() {
    #expect(problems("") == ["1:1: expected a JSON value, found end of file"])
    #expect(problems("[1, 2]") == ["1:1: the configuration must be a JSON object, not an array"])
    #expect(problems("{\"fmt\": {\"lineWidth\": 80,}}") == ["1:26: expected a key in double quotes, found '}'"])
    #expect(problems("{\"a\" 1}") == ["1:6: expected ':' after the key, found '1'"])
    #expect(problems("{\"a\": \"x\ny\"}") == ["1:9: control character in a string (write it as an escape such as \\n)"])
    #expect(problems("{} {}") == ["1:4: unexpected text after the JSON value"])
    #expect(problems("{\"fmt\": {\"lineWidth\": 1e}}") == ["1:23: malformed number '1e'"])
    // Nesting past the limit is an error, never a stack overflow.
    #expect(problems(String(repeating: "[", count: 100_000)) == ["1:65: JSON nested more than 64 levels deep"])
}

@Test func aByteOrderMarkIsSkipped() throws {
    #expect(try ProjectConfiguration.parse([0xEF, 0xBB, 0xBF] + Array(#"{"warningsAsErrors": true}"#.utf8), path: "x").get().warningsAsErrors)
}

@Test func escapesInKeysAreDecoded() throws {
    #expect(try parse(#"{"warnings\u0041sErrors": true}"#).get().warningsAsErrors)
}

@Test func disabledWarningsAreFilteredAndWarningsAsErrorsApplies() {
    let warning = Diagnostic(.unusedConstant, "constant 'a' is never used", at: SourceRange(start: 0, end: 1))
    let other = Diagnostic(.unusedParameter, "parameter 'b' is never used", at: SourceRange(start: 2, end: 3))
    let error = Diagnostic(.unknownElement, "unknown element 'x'", at: SourceRange(start: 4, end: 5))
    let configuration = ProjectConfiguration(disabledWarnings: [.unusedConstant], warningsAsErrors: true)
    #expect(configuration.filtered([warning, other, error]) == [other, error])
    #expect(configuration.checked([warning, other, error]).map(\.severity) == [.error, .error])
}
