extension Parser {
    /// expression = sum [ "x" sum ] ;   (* a size: width x height *)
    mutating func parseExpression() -> Expression {
        let start = currentStart
        let first = parseSum()
        guard at(.identifier), current.end - current.start == 1, file.bytes[Int(current.start)] == UInt8(ascii: "x") else {
            return first
        }
        advance()
        let second = parseSum()
        return Expression(.size(first, second), range: SourceRange(start: start, end: previousEnd))
    }

    /// sum = product { ( "+" | "-" ) product } ;
    mutating func parseSum() -> Expression {
        let start = currentStart
        var left = parseProduct()
        var levels = 0
        defer { depth -= levels }
        while at(.plus) || at(.minus) {
            // Each operator deepens the (left-nested) tree: count it, so `1+1+…` cannot grow it without bound.
            guard enterNesting() else { return Expression(.missing, range: skipRestOfExpression()) }
            levels += 1
            let op: Expression.BinaryOperator = advance().kind == .plus ? .add : .subtract
            let right = parseProduct()
            left = Expression(.binary(op, left, right), range: SourceRange(start: start, end: previousEnd))
        }
        return left
    }

    /// product = unary { ( "*" | "/" ) unary } ;
    mutating func parseProduct() -> Expression {
        let start = currentStart
        var left = parseUnary()
        var levels = 0
        defer { depth -= levels }
        while at(.star) || at(.slash) {
            guard enterNesting() else { return Expression(.missing, range: skipRestOfExpression()) }
            levels += 1
            let op: Expression.BinaryOperator = advance().kind == .star ? .multiply : .divide
            let right = parseUnary()
            left = Expression(.binary(op, left, right), range: SourceRange(start: start, end: previousEnd))
        }
        return left
    }

    /// unary = "-" unary | postfix ;
    mutating func parseUnary() -> Expression {
        guard at(.minus) else { return parsePostfix() }
        let start = currentStart
        advance()
        guard enterNesting() else {
            return Expression(.missing, range: skipRestOfExpression())
        }
        defer { leaveNesting() }
        let operand = parseUnary()
        return Expression(.negate(operand), range: SourceRange(start: start, end: previousEnd))
    }

    /// postfix = primary { "." identifier } ;
    mutating func parsePostfix() -> Expression {
        let start = currentStart
        var base = parsePrimary()
        var levels = 0
        defer { depth -= levels }
        while at(.dot) {
            guard enterNesting() else { return Expression(.missing, range: skipRestOfExpression()) }
            levels += 1
            advance()
            let member = parseIdentifier("after '.'")
            base = Expression(.member(base, member), range: SourceRange(start: start, end: previousEnd))
        }
        return base
    }

    /// primary = number | string | "true" | "false" | "none" | identifier | "." identifier
    ///         | identifier "(" [ expression { "," expression } [ "," ] ] ")"
    ///         | "(" expression { "," expression } [ "," ] ")" ;
    mutating func parsePrimary() -> Expression {
        let token = current
        switch token.kind {
        case .number:
            advance()
            let value = numberValue(token)
            guard NumberRange.contains(value) else {
                diagnostics.append(Diagnostic(.invalidNumber, "number \(NumberRange.quoted(text(of: token))) is out of range (magnitude 1e12 at most)",
                                              at: token.range))
                return Expression(.missing, range: token.range)
            }
            return Expression(.number(value), range: token.range)
        case .string:
            advance()
            return Expression(.string(stringValue(token)), range: token.range)
        case .trueKeyword, .falseKeyword:
            advance()
            return Expression(.bool(token.kind == .trueKeyword), range: token.range)
        case .noneKeyword:
            advance()
            return Expression(.none, range: token.range)
        case .identifier where !inConstraints && atElementOnNewLine() && !atCallOnNewLine():
            // `let gap =` ends its line and an element follows: the value is missing, the element is kept.
            reportExpected("a value")
            return Expression(.missing, range: .empty(at: previousEnd))
        case .identifier:
            advance()
            // A call's `(` follows its name directly: `system(15)`, never `system (15)`.
            if at(.leftParen), currentStart == Int(token.end) { return parseCall(token) }
            return Expression(.identifier(text(of: token)), range: token.range)
        case .invalid:
            // Already reported by the lexer: consume it quietly.
            advance()
            return Expression(.missing, range: token.range)
        case .leftParen:
            return parseParenthesized()
        case .dot where peek() == .identifier:
            // `.center`: Swift's implicit-member spelling of an enum case reads the same as `center`.
            advance()
            let name = advance()
            return Expression(.identifier(text(of: name)), range: SourceRange(start: Int(token.start), end: Int(name.end)))
        default:
            reportExpected("a value")
            return Expression(.missing, range: .empty(at: previousEnd))
        }
    }

    /// The arguments of `name(...)`, after the name; the list ends where `parseParenthesized`'s does.
    mutating func parseCall(_ name: Token) -> Expression {
        let start = Int(name.start)
        let callee = Identifier(text(of: name), range: name.range)
        advance()
        guard enterNesting() else {
            return Expression(.missing, range: skipRestOfExpression())
        }
        defer { leaveNesting() }
        var arguments: [Expression] = []
        while !at(.rightParen) && !atNextPart(whereValueMayStart: true) {
            let before = index
            arguments.append(parseExpression())
            if eat(.comma) == nil, !at(.rightParen), !atNextPart() {
                reportExpected("',' or ')'")
                skipInList(to: [.comma])
                _ = eat(.comma)
            }
            if index == before { skipOne() }
        }
        expect(.rightParen, "to end the arguments of '\(callee.text)'")
        return Expression(.call(callee, arguments), range: SourceRange(start: start, end: previousEnd))
    }

    mutating func parseParenthesized() -> Expression {
        let start = currentStart
        advance()
        guard enterNesting() else {
            return Expression(.missing, range: skipRestOfExpression())
        }
        defer { leaveNesting() }
        var elements: [Expression] = []
        var sawComma = false
        // Where a value may start, a lone keyword is a constant's name; after one it ends the list (`atNextPart`).
        while !at(.rightParen) && !atNextPart(whereValueMayStart: true) {
            let before = index
            elements.append(parseExpression())
            if eat(.comma) != nil { sawComma = true } else if !at(.rightParen) && !atNextPart() {
                reportExpected("',' or ')'")
                skipInList(to: [.comma])
                if eat(.comma) != nil { sawComma = true }
            }
            if index == before { skipOne() }
        }
        expect(.rightParen, "to end the parenthesized expression")
        let range = SourceRange(start: start, end: previousEnd)
        if elements.count == 1 && !sawComma { return Expression(.parenthesized(elements[0]), range: range) }
        if elements.isEmpty {
            diagnostics.append(Diagnostic(.expectedToken, "expected a value in parentheses", at: range))
            return Expression(.missing, range: range)
        }
        return Expression(.tuple(elements), range: range)
    }

    /// The value of a number token; integers are exact, decimals go through the standard library's correctly rounded parser.
    func numberValue(_ token: Token) -> Double {
        var integer: Double = 0
        var isInteger = true
        for offset in Int(token.start)..<Int(token.end) {
            let digit = file.bytes[offset] &- UInt8(ascii: "0")
            if digit >= 10 { isInteger = false; break }
            integer = integer * 10 + Double(digit)
        }
        if isInteger { return integer }
        return Double(text(of: token)) ?? 0
    }

    /// The value of a string token, escapes resolved, quotes removed.
    func stringValue(_ token: Token) -> String {
        // Most strings have no escapes: their value is the bytes between the quotes, decoded once
        // (the scalar loop below cost ~10% of parsing). Invalid UTF-8 is repaired the same way on both paths.
        let start = Int(token.start) + 1
        var end = Int(token.end)
        if start <= end, !file.bytes[start..<end].contains(UInt8(ascii: "\\")) {
            if end > start, file.bytes[end - 1] == UInt8(ascii: "\"") { end -= 1 }
            return String(decoding: file.bytes[start..<end], as: UTF8.self)
        }
        let raw = text(of: token)
        var result = ""
        var iterator = raw.unicodeScalars.dropFirst().makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\"" { break }
            if scalar == "\\", let escaped = iterator.next() {
                switch escaped {
                case "n": result.unicodeScalars.append("\n")
                case "t": result.unicodeScalars.append("\t")
                default: result.unicodeScalars.append(escaped)
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
