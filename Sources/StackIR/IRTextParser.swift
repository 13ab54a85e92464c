import StackSemantics
/// Why an IR text could not be read: the 1-based line and what was wrong there.
public struct IRParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the offending text.
    public var line: Int
    /// Lowercase, no final period, like every stackc message.
    public var message: String

    /// Creates an error.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}

extension ConstraintIR {
    /// Reads the text form back (see `renderText`). Total: malformed text yields the first error
    /// with its line number; it never traps. `parse(text: ir.text)` gives back `ir`.
    public static func parse(text: String) -> Result<ConstraintIR, IRParseError> {
        var parser = IRTextParser()
        return parser.parse(text)
    }
}

/// Two passes: items first (so constraints and owners may name items declared further down in a
/// hand-written file), then constraints.
struct IRTextParser {
    var root = ""
    var file = ""
    var uikit = UIKitTarget.default
    var items: [IRItem] = []
    var ids: [String: ItemID] = [:]

    mutating func parse(_ text: String) -> Result<ConstraintIR, IRParseError> {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        var owners: [(item: Int, owner: Substring, line: Int)] = []
        var constraintLines: [(Substring, Int)] = []
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let (body, originText) = splitOrigin(raw)
            let words = body.split(separator: " ")
            guard let keyword = words.first, !keyword.hasPrefix("#") else { continue }
            switch keyword {
            case "stackc-ir":
                guard words.count == 2, words[1] == "1" else { return .failure(.init(line: number, message: "unsupported IR version")) }
            case "root": root = String(raw.dropFirst(min(raw.count, 5)))
            case "file": file = String(raw.dropFirst(min(raw.count, 5)))
            case "uikit":
                guard words.count == 2, let target = UIKitTarget(rawValue: String(words[1])) else {
                    return .failure(.init(line: number, message: "expected 'uikit current' or 'uikit 9'"))
                }
                uikit = target
            case "item":
                switch parseItem(words, origin: originText, line: number) {
                case .failure(let error): return .failure(error)
                case .success(let owner): if let owner { owners.append((items.count - 1, owner, number)) }
                }
            default:
                guard keyword.hasPrefix(identifierPrefix + "-") else {
                    return .failure(.init(line: number, message: "expected 'item' or a constraint, found '\(keyword)'"))
                }
                constraintLines.append((raw, number))
            }
        }
        for (item, owner, line) in owners {
            guard let id = ids[String(owner)] else { return .failure(.init(line: line, message: "unknown owner '\(owner)'")) }
            items[item].owner = id
        }
        var constraints: [IRConstraint] = []
        constraints.reserveCapacity(constraintLines.count)
        for (raw, number) in constraintLines {
            switch parseConstraint(raw, line: number) {
            case .failure(let error): return .failure(error)
            case .success(let constraint): constraints.append(constraint)
            }
        }
        return .success(ConstraintIR(root: root, file: file, items: items, constraints: constraints, uikit: uikit))
    }

    /// Splits `body ; path:line:col` at the first ` ;` (bodies never contain ';', paths may).
    func splitOrigin(_ line: Substring) -> (Substring, Substring?) {
        guard let semicolon = line.firstIndex(of: ";") else { return (line, nil) }
        return (line[..<semicolon], line[line.index(after: semicolon)...].drop { $0 == " " })
    }

    /// `path:line:col`, read from the right so paths may contain ':'.
    func parseOrigin(_ text: Substring?, line: Int) -> Result<Origin, IRParseError> {
        guard let text else { return .success(Origin(line: 0, column: 0)) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let row = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            return .failure(.init(line: line, message: "expected an origin 'path:line:column' after ';'"))
        }
        return .success(Origin(line: row, column: column))
    }

    /// `item NAME KIND [owner NAME] [role ROLE]`; returns the owner's name to resolve later.
    mutating func parseItem(_ words: [Substring], origin originText: Substring?, line: Int) -> Result<Substring?, IRParseError> {
        guard words.count >= 3 else { return .failure(.init(line: line, message: "expected 'item NAME KIND'")) }
        let name = String(words[1])
        guard let kind = ItemKind(rawValue: String(words[2])) else {
            return .failure(.init(line: line, message: "unknown item kind '\(words[2])'"))
        }
        guard ids[name] == nil else { return .failure(.init(line: line, message: "duplicate item '\(name)'")) }
        var owner: Substring? = nil
        var role: GuideRole? = nil
        var arrangement = kind.axis.map { StackArrangement(axis: $0) }
        var isHidden = false
        var index = 3
        func fail(_ message: String) -> Result<Substring?, IRParseError> { .failure(.init(line: line, message: message)) }
        while index < words.count {
            switch words[index] {
            case "hidden":
                isHidden = true
                index += 1
                continue
            case "baselineRelative", "layoutMarginsRelative":
                guard arrangement != nil else { return fail("'\(words[index])' is for stacks only") }
                if words[index] == "baselineRelative" {
                    arrangement?.baselineRelative = true
                } else {
                    arrangement?.layoutMarginsRelative = true
                }
                index += 1
                continue
            default: break
            }
            guard index + 1 < words.count else { return fail("expected a value after '\(words[index])'") }
            let value = String(words[index + 1])
            switch words[index] {
            case "owner": owner = words[index + 1]
            case "role":
                guard let parsed = GuideRole(rawValue: value) else { return fail("unknown guide role '\(value)'") }
                role = parsed
            case "distribution":
                guard arrangement != nil else { return fail("'distribution' is for stacks only") }
                guard let parsed = Distribution(rawValue: value) else { return fail("unknown distribution '\(value)'") }
                arrangement?.distribution = parsed
            case "alignment":
                guard arrangement != nil else { return fail("'alignment' is for stacks only") }
                guard let parsed = Alignment(rawValue: value) else { return fail("unknown alignment '\(value)'") }
                arrangement?.alignment = parsed
            default:
                return fail("expected 'owner', 'role', 'distribution', 'alignment', 'baselineRelative', 'layoutMarginsRelative' or 'hidden', found '\(words[index])'")
            }
            index += 2
        }
        let origin: Origin
        switch parseOrigin(originText, line: line) {
        case .failure(let error): return .failure(error)
        case .success(let value): origin = value
        }
        ids[name] = ItemID(items.count)
        items.append(IRItem(name: name, kind: kind, owner: nil, role: role, arrangement: arrangement, isHidden: isHidden, origin: origin))
        return .success(owner)
    }

    /// `stk-CATEGORY ANCHOR REL [MULT*]ANCHOR [(+|-) C] [@P]` or `stk-CATEGORY ANCHOR REL C [@P]`.
    func parseConstraint(_ raw: Substring, line: Int) -> Result<IRConstraint, IRParseError> {
        let (body, originText) = splitOrigin(raw)
        var words = body.split(separator: " ")
        func fail(_ message: String) -> Result<IRConstraint, IRParseError> { .failure(.init(line: line, message: message)) }
        guard let identifier = words.first,
              let category = ConstraintCategory(rawValue: String(identifier.dropFirst(identifierPrefix.count + 1))) else {
            return fail("unknown constraint identifier '\(words.first ?? "")'")
        }
        var priority = 1000.0
        if let last = words.last, last.hasPrefix("@") {
            guard let value = number(last.dropFirst()) else { return fail("expected a priority after '@', found '\(last)'") }
            priority = value
            words.removeLast()
        }
        guard words.count >= 4 else { return fail("expected 'ANCHOR RELATION EXPRESSION' after '\(identifier)'") }
        guard let relation = LayoutRelation(rawValue: String(words[2])) else {
            return fail("expected '==', '<=' or '>=', found '\(words[2])'")
        }
        let first: Anchor
        switch anchor(words[1]) {
        case .failure(let message): return fail(message.message)
        case .success(let value): first = value
        }
        var multiplier = 1.0
        var second: Anchor? = nil
        var constant = 0.0
        if words.count == 4, let value = number(words[3]) {
            constant = value
        } else {
            var term = words[3]
            if let star = term.firstIndex(of: "*") {
                guard let value = number(term[..<star]) else { return fail("expected a multiplier before '*', found '\(term)'") }
                multiplier = value
                term = term[term.index(after: star)...]
            }
            switch anchor(term) {
            case .failure(let message): return fail(message.message)
            case .success(let value): second = value
            }
            if words.count == 6, words[4] == "+" || words[4] == "-", let value = number(words[5]) {
                constant = words[4] == "+" ? value : -value
            } else if words.count != 4 {
                return fail("expected '+ CONSTANT', '- CONSTANT' or '@PRIORITY' after '\(words[3])'")
            }
        }
        let origin: Origin
        switch parseOrigin(originText, line: line) {
        case .failure(let error): return .failure(error)
        case .success(let value): origin = value
        }
        return .success(IRConstraint(category, first, relation, second, multiplier: multiplier,
                                     constant: constant, priority: priority, origin: origin))
    }

    /// `ITEMNAME.attribute`, split at the last '.' (item names are dotted paths).
    func anchor(_ text: Substring) -> Result<Anchor, IRParseError> {
        guard let dot = text.lastIndex(of: ".") else {
            return .failure(.init(line: 0, message: "expected 'item.attribute', found '\(text)'"))
        }
        let name = String(text[..<dot])
        let attributeText = String(text[text.index(after: dot)...])
        guard let attribute = LayoutAttribute(rawValue: attributeText) else {
            return .failure(.init(line: 0, message: "unknown attribute '\(attributeText)'"))
        }
        guard let id = ids[name] else { return .failure(.init(line: 0, message: "unknown item '\(name)'")) }
        return .success(Anchor(id, attribute))
    }

    /// A finite number; `nan` and `inf` are not numbers here.
    func number(_ text: Substring) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
