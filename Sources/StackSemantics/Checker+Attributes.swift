import StackSyntax
import StackText

/// A value converted to the type its attribute wants.
enum TypedValue {
    case number(Double)
    case string(String)
    case bool(Bool)
    case size(Double?, Double?)
    case insets(Insets)
    case distribution(Distribution)
    case alignment(Alignment)
    case font(FontSpec)
}

extension Checker {
    /// Checks and applies an element's arguments as attributes of `nodes[index]`.
    mutating func applyAttributes(_ arguments: [Argument], to index: Int, parameters: Parameters) {
        let kind = nodes[index].kind
        // Attributes already given, as bits numbered by their index in `AttributeTable.specs`.
        var seen: UInt32 = 0
        var marginsRelativeGiven = false
        // By position, reading fields in place: `for argument in arguments` copied each argument (and a
        // copy of its spec retained the spec's `appliesTo` set), all destroyed again at the end of the pass.
        for position in arguments.indices where !arguments[position].label.isMissing {
            let label = arguments[position].label.text
            guard let specIndex = AttributeTable.indexByName.lookup(label), AttributeTable.specs[specIndex].applies(to: kind) else {
                reportUnknownAttribute(arguments[position].label, kind: kind)
                continue
            }
            let type = AttributeTable.specs[specIndex].type
            let attribute = AttributeTable.specs[specIndex].attribute
            let bit: UInt32 = 1 << UInt32(specIndex)
            if seen & bit != 0 {
                let argument = arguments[position]
                // The first argument with this label is the one recorded: every one with it passed the check above.
                let first = arguments.first { !$0.label.isMissing && $0.label.text == label }?.label.range ?? argument.label.range
                report(.duplicateAttribute, "attribute '\(label)' is given twice", at: argument.label.range,
                       notes: [DiagnosticNote("first given here", at: first)],
                       fixIts: [.replace(argument.range, with: "", message: "remove the second '\(label)'")])
                continue
            }
            seen |= bit
            let valueRange = arguments[position].value.range
            let value = evaluate(arguments[position].value, parameters)
            let pathRange = type == .font ? Self.fontPathRange(arguments[position].value) : nil
            guard let typed = coerce(value, to: type, for: "'\(label)'", at: valueRange, pathRange: pathRange) else { continue }
            if attribute == .layoutMarginsRelative { marginsRelativeGiven = true }
            apply(typed, attribute, range: arguments[position].range, valueRange: valueRange, to: index)
        }
        validateStack(index, marginsRelativeGiven: marginsRelativeGiven)
    }

    private mutating func reportUnknownAttribute(_ label: Identifier, kind: ElementKind) {
        if let spec = AttributeTable.byName[label.text] {
            let owners = spec.appliesTo == AttributeTable.stacks ? "stacks" : spec.appliesTo == AttributeTable.leaves ? "leaf elements"
                : spec.appliesTo.map(\.rawValue).sorted().joined(separator: " and ")
            report(.unknownAttribute, "'\(label.text)' is not an attribute of \(kind.rawValue); it applies to \(owners)", at: label.range)
            return
        }
        let names = AttributeTable.names(for: kind)
        if let suggestion = closestMatch(to: label.text, in: names) {
            report(.unknownAttribute, "unknown attribute '\(label.text)' for \(kind.rawValue); did you mean '\(suggestion)'?", at: label.range,
                   fixIts: [.replace(label.range, with: suggestion, message: "replace '\(label.text)' with '\(suggestion)'")])
        } else {
            report(.unknownAttribute, "unknown attribute '\(label.text)' for \(kind.rawValue); expected one of \(names.joined(separator: ", "))",
                   at: label.range)
        }
    }

    /// Converts a value to an attribute's type, reporting a mismatch once. `nil` when the value cannot be used.
    /// `what` ("'spacing'") is only built when something is reported: this runs for every attribute.
    /// `pathRange` is where a `custom(...)` font's file is written, for a font file that cannot be read.
    mutating func coerce(
        _ value: Value, to type: ValueType, for what: @autoclosure () -> String, at range: SourceRange, pathRange: SourceRange? = nil
    ) -> TypedValue? {
        switch (type, value) {
        case (_, .invalid):
            return nil
        case (.number, .number(let number)):
            return .number(number)
        case (.priority, .number(let number)):
            guard number >= 1, number <= 1000 else {
                let clamped = formatNumber(min(1000, max(1, number)))
                report(.priorityOutOfRange, "priority \(formatNumber(number)) for \(what()) is outside 1...1000", at: range,
                       fixIts: [.replace(range, with: clamped, message: "use \(clamped)")])
                return nil
            }
            return .number(number)
        case (.priority, .word(let word)) where namedPriorities[word] != nil:
            return .number(namedPriorities[word] ?? 1000)
        case (.string, .string(let string)):
            return .string(string)
        case (.bool, .bool(let bool)):
            return .bool(bool)
        case (.size, .size(let width, let height)):
            return .size(width, height)
        case (.insets, .number(let all)):
            return .insets(Insets(top: all, leading: all, bottom: all, trailing: all))
        case (.insets, .tuple(let values)) where values.count == 2:
            return .insets(Insets(top: values[0], leading: values[1], bottom: values[0], trailing: values[1]))
        case (.insets, .tuple(let values)) where values.count == 4:
            return .insets(Insets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3]))
        case (.distribution, .word(let word)):
            if let distribution = Distribution.byName.lookup(word) { return .distribution(distribution) }
            reportUnknownCase(word, of: type, at: range)
            return nil
        case (.alignment, .word(let word)):
            switch word {
            case "top": return .alignment(.leading)
            case "bottom": return .alignment(.trailing)
            default:
                if let alignment = Alignment.byName.lookup(word) { return .alignment(alignment) }
                reportUnknownCase(word, of: type, at: range)
                return nil
            }
        case (.font, .word(let word)):
            if let style = TextStyle(rawValue: word) { return .font(.style(style)) }
            reportUnknownFont(word, at: range)
            return nil
        case (.font, .call(let name, let arguments)):
            return font(name, arguments, at: range, pathRange: pathRange ?? range)
        case (.distribution, .string(let word)), (.alignment, .string(let word)):
            report(.wrongValueType, "expected \(type.expectation) for \(what()), found a string", at: range,
                   fixIts: [.replace(range, with: word, message: "remove the quotes")])
            return nil
        case (.size, .number):
            report(.wrongValueType, "expected \(type.expectation) for \(what()), found a number", at: range,
                   fixIts: [.replace(.empty(at: range.end), with: " x none", message: "give the height as well")])
            return nil
        case (.number, .word(let word)), (.priority, .word(let word)), (.insets, .word(let word)), (.size, .word(let word)):
            if type == .priority, let suggestion = closestMatch(to: word, in: type.cases) {
                report(.wrongValueType, "unknown priority '\(word)'; did you mean '\(suggestion)'?", at: range,
                       fixIts: [.replace(range, with: suggestion, message: "replace with '\(suggestion)'")])
            } else {
                reportUndefined(word, at: range)
            }
            return nil
        case (.string, .word(let word)):
            report(.wrongValueType, "expected a string for \(what()), found '\(word)'", at: range,
                   fixIts: [.replace(range, with: "\"\(word)\"", message: "add quotes")])
            return nil
        default:
            report(.wrongValueType, "expected \(type.expectation) for \(what()), found \(value.typeDescription)", at: range)
            return nil
        }
    }

    private mutating func reportUnknownCase(_ word: String, of type: ValueType, at range: SourceRange) {
        let kind = type == .distribution ? "distribution" : "alignment"
        if let suggestion = closestMatch(to: word, in: type.cases) {
            report(.unknownEnumCase, "unknown \(kind) '\(word)'; did you mean '\(suggestion)'?", at: range,
                   fixIts: [.replace(range, with: suggestion, message: "replace '\(word)' with '\(suggestion)'")])
        } else {
            report(.unknownEnumCase, "unknown \(kind) '\(word)'; expected \(listing(type.cases))", at: range)
        }
    }

    /// Stores one checked attribute.
    private mutating func apply(_ typed: TypedValue, _ attribute: Attribute, range: SourceRange, valueRange: SourceRange, to index: Int) {
        func nonNegative(_ value: Double, _ what: String) -> Double? {
            guard value >= 0 else {
                report(.negativeSize, "\(what) cannot be negative (\(formatNumber(value)))", at: valueRange)
                return nil
            }
            return value
        }
        switch (attribute, typed) {
        case (.distribution, .distribution(let value)):
            nodes[index].stack?.distribution = value
            nodes[index].origins.distribution = range
        case (.alignment, .alignment(let value)):
            nodes[index].stack?.alignment = value
            nodes[index].origins.alignment = range
        case (.spacing, .number(let value)):
            nodes[index].stack?.spacing = value
            nodes[index].origins.spacing = range
        case (.margins, .insets(let value)):
            nodes[index].stack?.margins = value
            nodes[index].origins.margins = range
        case (.layoutMarginsRelative, .bool(let value)):
            nodes[index].stack?.layoutMarginsRelative = value
        case (.baselineRelative, .bool(let value)):
            nodes[index].stack?.baselineRelative = value
            nodes[index].origins.baselineRelative = range
        case (.intrinsic, .size(let width, let height)):
            let w = width.flatMap { nonNegative($0, "an intrinsic width") }
            let h = height.flatMap { nonNegative($0, "an intrinsic height") }
            nodes[index].leaf?.intrinsic = PerAxis(horizontal: w, vertical: h)
            nodes[index].origins.intrinsic = range
        case (.hugging, .number(let value)):
            nodes[index].leaf?.hugging = PerAxis(horizontal: value, vertical: value)
        case (.horizontalHugging, .number(let value)):
            nodes[index].leaf?.hugging.horizontal = value
        case (.verticalHugging, .number(let value)):
            nodes[index].leaf?.hugging.vertical = value
        case (.compression, .number(let value)):
            nodes[index].leaf?.compressionResistance = PerAxis(horizontal: value, vertical: value)
        case (.horizontalCompression, .number(let value)):
            nodes[index].leaf?.compressionResistance.horizontal = value
        case (.verticalCompression, .number(let value)):
            nodes[index].leaf?.compressionResistance.vertical = value
        case (.firstBaseline, .number(let value)):
            nodes[index].leaf?.firstBaseline = value
            nodes[index].origins.baselines = range
        case (.lastBaseline, .number(let value)):
            nodes[index].leaf?.lastBaseline = value
            nodes[index].origins.baselines = nodes[index].origins.baselines ?? range
        case (.text, .string(let value)):
            nodes[index].leaf?.content = value
            nodes[index].leaf?.text = value
        case (.image, .string(let value)):
            nodes[index].leaf?.content = value
        case (.font, .font(let value)):
            nodes[index].leaf?.font = value
        case (.lines, .number(let value)):
            guard value >= 0, value <= 10_000, value == value.rounded() else {
                report(.wrongValueType, "lines must be a whole number from 0 (no limit) to 10000, found \(formatNumber(value))", at: valueRange)
                return
            }
            nodes[index].leaf?.lines = Int(value)
        case (.width, .number(let value)):
            nodes[index].width = nonNegative(value, "a width")
            nodes[index].origins.width = range
        case (.height, .number(let value)):
            nodes[index].height = nonNegative(value, "a height")
            nodes[index].origins.height = range
        case (.hidden, .bool(let value)):
            nodes[index].hidden = value
            nodes[index].origins.hidden = range
        case (.spacingAfter, .number(let value)):
            nodes[index].spacingAfter = value
            nodes[index].origins.spacingAfter = range
        case (.type, .string(let value)):
            nodes[index].swiftType = value
        default:
            break
        }
    }

    /// Rules that involve more than one attribute of a stack.
    private mutating func validateStack(_ index: Int, marginsRelativeGiven: Bool) {
        guard let stack = nodes[index].stack else { return }
        let origins = nodes[index].origins
        if stack.axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
            report(.baselineAlignmentOnVerticalStack,
                   "\(stack.alignment.rawValue) alignment only applies to hstack; UIKit ignores it on a vertical stack",
                   at: origins.alignment ?? origins.element)
        }
        if stack.axis == .horizontal, stack.baselineRelative {
            report(.baselineRelativeOnHorizontalStack, "baselineRelative only applies to vstack; UIKit ignores it on a horizontal stack",
                   at: origins.baselineRelative ?? origins.element)
        }
        if let marginsRange = origins.margins {
            if !marginsRelativeGiven {
                // Writing margins means wanting them: they imply layoutMarginsRelative.
                nodes[index].stack?.layoutMarginsRelative = true
            } else if !stack.layoutMarginsRelative {
                report(.attributeHasNoEffect, "margins have no effect when layoutMarginsRelative is false", at: marginsRange)
            }
        }
    }
}
