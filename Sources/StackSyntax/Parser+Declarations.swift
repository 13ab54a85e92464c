/// The element names the language has; anything capitalized is a component.
public let elementKeywords: Set<String> = ["hstack", "vstack", "view", "label", "image", "button", "spacer"]

extension Parser {
    /// file = { declaration } EOF ;
    mutating func parseFile() -> [Declaration] {
        var declarations: [Declaration] = []
        while !at(.eof) {
            if at(.rightBrace) || at(.rightParen) {
                declarations.append(.error(skipStrayClosers([.rightBrace, .rightParen], "with nothing to close")))
                continue
            }
            declarations.append(parseDeclaration(context: "at top level"))
        }
        return declarations
    }

    /// declaration = constantDecl | componentDecl | element | constraintsBlock ;
    ///
    /// Always consumes at least one token, so loops around it make progress. `context` is only needed for
    /// the error message, so it is built only then (an autoclosure; see `expect`).
    mutating func parseDeclaration(context: @autoclosure () -> String) -> Declaration {
        switch current.kind {
        case .letKeyword: return .constant(parseConstantDecl())
        case .componentKeyword: return .component(parseComponentDecl())
        case .constraintsKeyword: return .constraints(parseConstraintsBlock())
        case .identifier: return .element(parseElement())
        default:
            reportExpected("an element, 'let', 'component' or 'constraints' \(context())")
            let first = index
            advance()
            _ = recover(to: [.identifier, .letKeyword, .componentKeyword, .constraintsKeyword])
            return .error(skipped(since: first) ?? UnexpectedTokens(tokens: [tokens[first]]))
        }
    }

    /// constantDecl = "let" identifier "=" expression ;
    mutating func parseConstantDecl() -> ConstantDecl {
        let start = currentStart
        let mark = unexpected.count
        advance()
        // `let` alone on a line, then an element: the name is missing, not the element's kind.
        let name = parseIdentifier("after 'let'", treatAsMissing: atElementOnNewLine())
        expect(.assign, "after the constant's name")
        let value = parseExpression()
        return ConstantDecl(name: name, value: value, range: SourceRange(start: start, end: previousEnd),
                            unexpected: takeUnexpected(since: mark))
    }

    /// componentDecl = "component" identifier "(" [ parameter { "," parameter } [ "," ] ] ")" block ;
    mutating func parseComponentDecl() -> ComponentDecl {
        let start = currentStart
        let mark = unexpected.count
        advance()
        // `component` alone on a line, then an element: the name is missing. `Card(` on the next line is the name
        // (newlines are insignificant); an element keyword is not (no component has that name).
        let missingName = at(.identifier) && startsLine(index) && (isElementKeyword(current) || (peek() == .identifier && atElementOnNewLine()))
        let name = parseIdentifier("after 'component'", treatAsMissing: missingName)
        var parameters: [Parameter] = []
        if eat(.leftParen) != nil {
            // A list whose `)` is missing ends at the body's `{` or the next element (see `atNextPart`).
            while !at(.rightParen) && !atNextPart() {
                let before = index
                parameters.append(parseParameter())
                if eat(.comma) == nil && !at(.rightParen) && !atNextPart() {
                    reportExpected("',' or ')' in the parameter list")
                    skipInList(to: [.comma])
                    _ = eat(.comma)
                }
                if index == before { skipOne() }
            }
            expect(.rightParen, "to end the parameter list")
        }
        let skipped = takeUnexpected(since: mark)
        let body: Block
        if at(.leftBrace) {
            body = parseBlock(ending: "component '\(name.text)'")
        } else {
            reportExpected("'{' to begin the body of component '\(name.text)'")
            body = Block(members: [], range: .empty(at: previousEnd))
        }
        return ComponentDecl(name: name, parameters: parameters, body: body, range: SourceRange(start: start, end: previousEnd),
                             unexpected: skipped)
    }

    /// parameter = identifier ":" identifier [ "=" expression ] ;
    mutating func parseParameter() -> Parameter {
        let start = currentStart
        let name = parseIdentifier("for a parameter name")
        expect(.colon, "after the parameter name")
        let type = parseIdentifier("for the parameter's type", treatAsMissing: atElementOnNewLine())
        var defaultValue: Expression?
        if eat(.assign) != nil { defaultValue = parseExpression() }
        return Parameter(name: name, type: type, defaultValue: defaultValue, range: SourceRange(start: start, end: previousEnd))
    }

    /// element = identifier [ name ] [ arguments ] [ block ] ;
    /// name    = identifier ;  (* not an element keyword, not capitalized *)
    mutating func parseElement() -> ElementSyntax {
        let start = currentStart
        let kind = parseIdentifier("for an element")
        var name: Identifier?
        if at(.identifier), canNameElement(current) {
            let token = advance()
            name = Identifier(text(of: token), range: token.range)
        }
        var arguments: ArgumentList?
        if at(.leftParen) { arguments = parseArguments(of: kind.text) }
        var body: Block?
        if at(.leftBrace) { body = parseBlock(ending: kind.text) }
        return ElementSyntax(kind: kind, name: name, arguments: arguments, body: body, range: SourceRange(start: start, end: previousEnd))
    }

    /// Whether an identifier token can be an element's name: not an element keyword, not capitalized.
    /// Decided on the bytes: hashing the token's text into `elementKeywords` was most of the test, for every element.
    func canNameElement(_ token: Token) -> Bool {
        let start = Int(token.start)
        let length = Int(token.end) - start
        guard length > 0, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(file.bytes[start]) else { return false }
        return !Parser.elementKeywordBytes.contains { keyword in
            keyword.count == length && file.bytes[start..<start + length].elementsEqual(keyword)
        }
    }

    /// `elementKeywords` as bytes, for `canNameElement`.
    static let elementKeywordBytes = elementKeywords.map { Array($0.utf8) }

    /// arguments = "(" [ argument { "," argument } [ "," ] ] ")" ;
    mutating func parseArguments(of element: String) -> ArgumentList {
        let start = currentStart
        let mark = unexpected.count
        advance()
        var arguments: [Argument] = []
        // A list whose `)` is missing ends at the body's `{` or the next element (see `atNextPart`): one
        // diagnostic, and the body and the elements after it keep their structure.
        while !at(.rightParen) && !atNextPart() {
            let before = index
            if let argument = parseArgument() { arguments.append(argument) }
            if eat(.comma) == nil && !at(.rightParen) && !atNextPart() {
                if at(.identifier) && peek() == .colon {
                    // `(a: 1 b: 2)`: a missing comma; report and go on with the next argument.
                    reportExpected("',' between arguments", fixIt: .replace(.empty(at: previousEnd), with: ",", message: "insert ','"))
                } else {
                    reportExpected("',' or ')' in the arguments of \(element)")
                    skipInList(to: [.comma])
                    _ = eat(.comma)
                }
            }
            if index == before { skipOne() }
        }
        expect(.rightParen, "to end the arguments of \(element)")
        return ArgumentList(arguments: arguments, range: SourceRange(start: start, end: previousEnd), unexpected: takeUnexpected(since: mark))
    }

    /// argument = identifier ":" expression ;
    mutating func parseArgument() -> Argument? {
        let start = currentStart
        guard at(.identifier), peek() == .colon else {
            if at(.identifier) || at(.number) || at(.string) || at(.minus) {
                // `(center)`: a value without a label. Report it once and skip the value.
                reportExpected("an argument label ('name: value')")
                skipInList(to: [.comma])
            } else {
                reportExpected("an argument")
            }
            return nil
        }
        let label = Identifier(text(of: current), range: advance().range)
        advance()
        let value = parseExpression()
        return Argument(label: label, value: value, range: SourceRange(start: start, end: previousEnd))
    }

    /// block = "{" { declaration } "}" ;
    mutating func parseBlock(ending owner: String) -> Block {
        let start = currentStart
        let open = advance()
        guard enterNesting() else {
            let skipped = skipRest()
            return Block(members: skipped.map { [.error($0)] } ?? [], range: SourceRange(start: start, end: previousEnd))
        }
        defer { leaveNesting() }
        var members: [Declaration] = []
        while !at(.rightBrace) && !at(.eof) {
            if at(.rightParen) {
                members.append(.error(skipStrayClosers([.rightParen], "in the body of \(owner)")))
                continue
            }
            members.append(parseDeclaration(context: "in the body of \(owner)"))
        }
        expectClosingBrace(matching: open, ending: owner)
        return Block(members: members, range: SourceRange(start: start, end: previousEnd))
    }

    /// constraintsBlock = "constraints" "{" { constraint } "}" ;
    mutating func parseConstraintsBlock() -> ConstraintsBlock {
        let start = currentStart
        let mark = unexpected.count
        advance()
        var constraints: [ConstraintSyntax] = []
        guard let open = expect(.leftBrace, "after 'constraints'") else {
            return ConstraintsBlock(constraints: [], range: SourceRange(start: start, end: previousEnd))
        }
        let outer = inConstraints
        inConstraints = true
        defer { inConstraints = outer }
        // A block whose `}` is missing ends at the next element (no constraint starts like one).
        while !at(.rightBrace) && !at(.eof) && !atElementOnNewLine() {
            let before = index
            if let constraint = parseConstraint() { constraints.append(constraint) }
            if index == before { skipOne() }
        }
        expectClosingBrace(matching: open, ending: "the constraints block")
        return ConstraintsBlock(constraints: constraints, range: SourceRange(start: start, end: previousEnd),
                                unexpected: takeUnexpected(since: mark))
    }

    /// constraint = expression relation expression [ "@" expression ] ;
    /// relation   = "==" | "<=" | ">=" ;
    mutating func parseConstraint() -> ConstraintSyntax? {
        let start = currentStart
        let left = parseExpression()
        let relation: ConstraintSyntax.Relation
        let relationRange = current.range
        switch current.kind {
        case .equalEqual: relation = .equal
        case .lessEqual: relation = .lessThanOrEqual
        case .greaterEqual: relation = .greaterThanOrEqual
        case .assign:
            relation = .equal
            diagnostics.append(Diagnostic(.expectedToken, "expected '==', '<=' or '>=' in a constraint, found '='", at: current.range,
                                          fixIts: [.replace(current.range, with: "==", message: "use '=='")]))
        default:
            reportExpected("'==', '<=' or '>=' in a constraint")
            if let skipped = recover(to: [.identifier, .rightBrace]) { unexpected.append(skipped) }
            return nil
        }
        advance()
        let right: Expression
        if startsNextConstraint() {
            // `a.width ==` ends its line and the next line is a constraint of its own: the value is missing.
            reportExpected("a value")
            right = Expression(.missing, range: .empty(at: previousEnd))
        } else {
            right = parseExpression()
        }
        var priority: Expression?
        if eat(.at) != nil { priority = parseExpression() }
        return ConstraintSyntax(left: left, relation: relation, relationRange: relationRange, right: right, priority: priority,
                                range: SourceRange(start: start, end: previousEnd))
    }

    /// Consumes the `}` that closes `open`, or reports it missing with a note at `open`.
    mutating func expectClosingBrace(matching open: Token, ending owner: String) {
        guard eat(.rightBrace) == nil else { return }
        // After the nesting limit the rest of the file was skipped, and a second report at the same place
        // follows from the first: neither is news.
        guard !reportedNesting, diagnostics.last?.range.start != previousEnd || diagnostics.last?.id != .expectedToken else { return }
        diagnostics.append(Diagnostic(
            .expectedToken, "expected '}' to end \(owner)", at: .empty(at: previousEnd),
            notes: [DiagnosticNote("to match this '{'", at: open.range)],
            fixIts: [.replace(.empty(at: previousEnd), with: "}", message: "insert '}'")]))
    }

    /// Whether the current token starts a line that reads `anchor relation`: the next constraint, not the right
    /// side of the one before. A valid file never has one there (`a.width ==` then `b.width == c` is two
    /// relations in a row), so this changes only how an unfinished line recovers.
    func startsNextConstraint() -> Bool {
        guard at(.identifier), startsLine(index) else { return false }
        var position = index + 1
        while position + 1 < tokens.count, tokens[position].kind == .dot, tokens[position + 1].kind == .identifier {
            position += 2
        }
        switch tokens[position].kind {
        case .equalEqual, .lessEqual, .greaterEqual, .assign: return true
        default: return false
        }
    }

    /// An identifier, or a missing one (reported) that consumes nothing. `treatAsMissing`: the current identifier
    /// belongs to what follows (`let` alone on its line, then `vstack v {`), so the name is missing.
    mutating func parseIdentifier(_ context: String, treatAsMissing: Bool = false) -> Identifier {
        if at(.identifier), !treatAsMissing {
            let token = advance()
            return Identifier(text(of: token), range: token.range)
        }
        reportExpected("an identifier \(context)")
        return Identifier("", range: .empty(at: previousEnd), isMissing: true)
    }

    /// Skips a run of closing brackets that close nothing, with one diagnostic for the run (a million
    /// `}` are one mistake, not a million), and returns the range skipped.
    mutating func skipStrayClosers(_ kinds: Set<TokenKind>, _ context: String) -> UnexpectedTokens {
        let firstIndex = index
        let first = advance()
        var count = 1
        while kinds.contains(current.kind) {
            advance()
            count += 1
        }
        let range = SourceRange(start: Int(first.start), end: previousEnd)
        let what = count == 1 ? "'\(text(of: first))'" : "'\(text(of: first))' and \(count - 1) more closing brackets"
        diagnostics.append(Diagnostic(.unexpectedToken, "unexpected \(what) \(context)", at: range,
                                      fixIts: [.replace(range, with: "", message: count == 1 ? "remove it" : "remove them")]))
        return UnexpectedTokens(tokens: Array(tokens[firstIndex..<index]))
    }
}
