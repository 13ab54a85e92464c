/// The long explanations `stackc explain CODE` prints (like `rustc --explain`): what the diagnostic means,
/// why stackc reports it, and an example that produces it next to the same example corrected.
/// A test compiles every example: each wrong one gives its diagnostic, each right one does not.
extension DiagnosticID {
    /// The long explanation: the title, what it means and how to fix it, then a wrong and a right example.
    public var explanation: String {
        let entry = explanationEntry
        return """
            \(rawValue): \(title)

            \(entry.details)

            Erroneous example:

            \(indent(entry.wrong))

            Corrected:

            \(indent(entry.right))

            """
    }

    /// A `.stack` file that produces this diagnostic (as shown; see ``wrongExampleSource`` for the exact bytes).
    public var wrongExample: String { explanationEntry.wrong }

    /// The bytes of ``wrongExample`` as the compiler must see them: the same text, except where the shown
    /// form abbreviates or cannot be written as text (invalid UTF-8 is shown as U+FFFD and is the byte 0xFF here;
    /// very deep or large examples are shown shortened).
    public var wrongExampleSource: [UInt8] {
        switch self {
        case .invalidUTF8:
            return Array("vstack {\n    label(text: \"caf".utf8) + [0xE9] + Array("\", intrinsic: 40 x 20)\n}\n".utf8)
        case .nestingTooDeep:
            return Array(("let x = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + "\n").utf8)
        case .expansionTooLarge:
            var text = "component Level0() {\n    hstack {\n        view(intrinsic: 1 x 1)\n        view(intrinsic: 1 x 1)\n    }\n}\n"
            for level in 1...23 {
                text += "component Level\(level)() {\n    hstack {\n        Level\(level - 1)\n        Level\(level - 1)\n    }\n}\n"
            }
            return Array((text + "vstack {\n    Level23\n}\n").utf8)
        default:
            return Array(explanationEntry.wrong.utf8)
        }
    }

    /// ``wrongExample`` corrected: a file that does not produce this diagnostic, nor any error.
    public var rightExample: String { explanationEntry.right }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            .trimmingTrailingNewlines()
    }

    private var explanationEntry: (details: String, wrong: String, right: String) {
        switch self {
        case .invalidCharacter:
            return ("""
                A byte that starts no token of the language. `.stack` files use ASCII punctuation only:
                `( ) { } , : . @ = == <= >= + - * /`. Outside strings and comments there is no `$`, `;`, `<`
                or `>` alone, and no non-ASCII letter (identifiers are ASCII). A lone `<` or `>` gets a fix-it
                to `<=` or `>=`: constraints have no strict inequalities, as in Auto Layout.
                """, """
                vstack(spacing: 8 $ 2) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                vstack(spacing: 8 * 2) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .unterminatedString:
            return ("""
                A string literal must end with `"` on the line it starts on; strings cannot span lines. Write a
                line break inside a string as `\\n`. The fix-it inserts the missing quote where the line ends.
                """, """
                vstack {
                    label(text: "Hello, intrinsic: 40 x 20)
                }
                """, """
                vstack {
                    label(text: "Hello", intrinsic: 40 x 20)
                }
                """)
        case .unterminatedComment:
            return ("""
                A block comment `/* ... */` runs to the end of the file without its `*/`. Block comments nest
                (as in Swift), so every `/*` inside one needs its own `*/` too.
                """, """
                /* The toolbar /* with a nested note */
                hstack {
                    view(intrinsic: 10 x 10)
                }
                """, """
                /* The toolbar /* with a nested note */ */
                hstack {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .invalidUTF8:
            return ("""
                `.stack` files are UTF-8. A byte that is not part of a valid UTF-8 sequence (here 0xE9, an `é` saved
                as Latin-1, shown as U+FFFD) was found in a string or between tokens. Save the file as UTF-8.
                """, """
                vstack {
                    label(text: "caf\u{FFFD}", intrinsic: 40 x 20)
                }
                """, """
                vstack {
                    label(text: "café", intrinsic: 40 x 20)
                }
                """)
        case .invalidNumber:
            return ("""
                A number is digits with an optional fraction: `8`, `0.5`. Units (`12px`), several dots (`1.2.3`)
                and letters glued to digits are not numbers. Sizes may be written `24x24`: a lone `x` after
                digits is the size operator.
                """, """
                vstack(spacing: 12px) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                vstack(spacing: 12) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .invalidEscape:
            return ("""
                Strings know four escapes: `\\"`, `\\\\`, `\\n` and `\\t`. Any other character after a backslash is
                an error; write a backslash itself as `\\\\`.
                """, """
                vstack {
                    label(text: "C:\\Users", intrinsic: 40 x 20)
                }
                """, """
                vstack {
                    label(text: "C:\\\\Users", intrinsic: 40 x 20)
                }
                """)
        case .expectedToken:
            return ("""
                The parser needed a particular token (a closing brace, a comma, a name, a value) and found
                something else. The message says what was expected and what was found; when the fix is
                clear (a missing `}` or `,`) a fix-it inserts it. A missing `}` also has a note pointing at the
                `{` it should close.
                """, """
                vstack {
                    hstack {
                        view(intrinsic: 10 x 10)
                    }
                """, """
                vstack {
                    hstack {
                        view(intrinsic: 10 x 10)
                    }
                }
                """)
        case .unexpectedToken:
            return ("""
                A token that cannot appear where it is: most often a closing `}` or `)` with nothing to close,
                left over after an edit. The fix-it removes it.
                """, """
                vstack {
                    view(intrinsic: 10 x 10)
                }
                }
                """, """
                vstack {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .nestingTooDeep:
            return ("""
                Blocks, parentheses and operator chains nest at most 256 levels deep. Deeper input is reported
                once and the rest of the file is skipped, so that no input can exhaust the compiler's stack.
                Real layouts are nowhere near the limit: use components or constants to flatten the structure.
                (The erroneous example is shortened here: it has 300 parentheses.)
                """, """
                let x = ((((((((((((((( ... 300 levels ... 1 ))))))))))))))))
                """, """
                let x = ((1))

                vstack(spacing: x) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .unknownElement:
            return ("""
                An element kind must be `hstack`, `vstack`, `view`, `label`, `image`, `button` or `spacer`, or
                the name of a component (components are capitalized). A near miss gets a "did you mean" and a
                fix-it.
                """, """
                vstack {
                    lable title(intrinsic: 100 x 20)
                }
                """, """
                vstack {
                    label title(intrinsic: 100 x 20)
                }
                """)
        case .unknownAttribute:
            return ("""
                The attribute does not exist, or not on this kind of element: stacks take `distribution`,
                `alignment`, `spacing`, `margins`, `layoutMarginsRelative` and `baselineRelative`; leaves take
                `intrinsic`, hugging and compression priorities, baselines, `text` and `image`; every element
                takes `width`, `height`, `hidden`, `spacingAfter` and `type`. README's attribute table lists them.
                """, """
                hstack(spacng: 8) {
                    view(intrinsic: 10 x 10, distribution: fill)
                }
                """, """
                hstack(spacing: 8, distribution: fill) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .wrongValueType:
            return ("""
                The value has a different type than the attribute or parameter needs: numbers are not strings
                (`spacing: "8"`), bools are `true`/`false` (not `1`), sizes are `W x H`, and names must refer to
                constants or parameters of the right type.
                """, """
                vstack(spacing: "8", hidden: 1) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                vstack(spacing: 8, hidden: false) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .unknownEnumCase:
            return ("""
                Distributions and alignments are spelled like UIKit's Swift names: `fill`, `fillEqually`,
                `fillProportionally`, `equalSpacing`, `equalCentering`; `fill`, `leading`/`top`, `center`,
                `trailing`/`bottom`, `firstBaseline`, `lastBaseline` (with or without a leading dot). A near miss
                gets a fix-it.
                """, """
                hstack(alignment: centre) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                hstack(alignment: center) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .priorityOutOfRange:
            return ("""
                UIKit layout priorities run from 1 to 1000 (`required`); 0 and values above 1000 are invalid and
                crash at run time. Use the names `required` (1000), `defaultHigh` (750), `defaultLow` (250) and
                `fittingSizeLevel` (50), or arithmetic on them such as `defaultHigh + 1`.
                """, """
                hstack {
                    view a(intrinsic: 10 x 10, hugging: 1200)
                    view b(intrinsic: 10 x 10)
                }
                """, """
                hstack {
                    view a(intrinsic: 10 x 10, hugging: required)
                    view b(intrinsic: 10 x 10)
                }
                """)
        case .negativeSize:
            return ("""
                Widths, heights and intrinsic sizes are lengths: they cannot be negative. (Spacing and
                `spacingAfter` may be negative, to overlap items.) Use `none` for "no intrinsic size in this
                dimension".
                """, """
                vstack(width: -320) {
                    view(intrinsic: -10 x 10)
                }
                """, """
                vstack(width: 320) {
                    view(intrinsic: none x 10)
                }
                """)
        case .duplicateName:
            return ("""
                Two items in one scope have the same name, so constraints could not tell them apart. A root
                layout is a scope, and so is each component instance (its inner names are reached with dotted
                paths such as `card.avatar`). The note points at the first one.
                """, """
                vstack {
                    label title(intrinsic: 10 x 10)
                    label title(intrinsic: 20 x 10)
                }
                """, """
                vstack {
                    label title(intrinsic: 10 x 10)
                    label subtitle(intrinsic: 20 x 10)
                }
                """)
        case .unknownComponent:
            return ("""
                A capitalized element kind names a component, and no component of that name is declared in the
                file. A near miss gets a fix-it. Components may be declared before or after their use.
                """, """
                component Avatar(size: Number) {
                    image(intrinsic: size x size)
                }

                hstack {
                    Avatr(size: 40)
                }
                """, """
                component Avatar(size: Number) {
                    image(intrinsic: size x size)
                }

                hstack {
                    Avatar(size: 40)
                }
                """)
        case .unknownParameter:
            return ("""
                An argument of a component instance must be one of the component's parameters, or one of the
                placement attributes every instance accepts: `width`, `height`, `hidden` and `spacingAfter`.
                """, """
                component Avatar(size: Number) {
                    image(intrinsic: size x size)
                }

                hstack {
                    Avatar(sise: 40)
                }
                """, """
                component Avatar(size: Number) {
                    image(intrinsic: size x size)
                }

                hstack {
                    Avatar(size: 40)
                }
                """)
        case .missingArgument:
            return ("""
                A component parameter without a default value must be given by every instance. Pass it, or give
                the parameter a default in the declaration (`name: String = ""`).
                """, """
                component Avatar(size: Number, name: String) {
                    image(image: name, intrinsic: size x size)
                }

                hstack {
                    Avatar(size: 40)
                }
                """, """
                component Avatar(size: Number, name: String) {
                    image(image: name, intrinsic: size x size)
                }

                hstack {
                    Avatar(size: 40, name: "me")
                }
                """)
        case .recursiveComponent:
            return ("""
                A component that contains itself, directly or through other components, would expand forever:
                components are expanded at compile time and have no conditionals. Build repeated structure by
                listing instances, or with a chain of distinct components.
                """, """
                component Tree(depth: Number) {
                    vstack {
                        view(intrinsic: 10 x 10)
                        Tree(depth: depth - 1)
                    }
                }

                vstack {
                    Tree(depth: 3)
                }
                """, """
                component Leaf() {
                    view(intrinsic: 10 x 10)
                }

                component Tree() {
                    vstack {
                        view(intrinsic: 10 x 10)
                        Leaf
                    }
                }

                vstack {
                    Tree
                }
                """)
        case .undefinedName:
            return ("""
                A name in a value is not a constant, a parameter in scope or an enum case; or a name in a
                constraint is not an item of the scope. Constants may be used before their declaration; item
                names in constraints are those of the enclosing root layout or component. A near miss gets a fix-it.
                """, """
                let gap = 8

                vstack(spacing: gpa) {
                    view avatar(intrinsic: 40 x 40)
                }
                """, """
                let gap = 8

                vstack(spacing: gap) {
                    view avatar(intrinsic: 40 x 40)
                }
                """)
        case .baselineAlignmentOnVerticalStack:
            return ("""
                `firstBaseline` and `lastBaseline` alignment line items up along a horizontal baseline, which
                only makes sense for a horizontal stack; UIKit treats them as `fill` in a vertical one. In a
                vstack, use `baselineRelative: true` to space items from baseline to baseline instead.
                """, """
                vstack(alignment: firstBaseline) {
                    label(intrinsic: 10 x 10)
                }
                """, """
                hstack(alignment: firstBaseline) {
                    label(intrinsic: 10 x 10, firstBaseline: 8)
                }
                """)
        case .baselineRelativeOnHorizontalStack:
            return ("""
                `baselineRelative` measures vertical spacing from baseline to baseline; UIKit ignores it on a
                horizontal stack. For a horizontal stack use `alignment: firstBaseline` or `lastBaseline`.
                """, """
                hstack(baselineRelative: true) {
                    label(intrinsic: 10 x 10)
                }
                """, """
                vstack(baselineRelative: true) {
                    label(intrinsic: 10 x 10)
                }
                """)
        case .duplicateAttribute:
            return ("""
                An attribute is given twice on one element; only one value can apply. The note points at the
                first; the fix-it removes the second.
                """, """
                vstack(spacing: 8, spacing: 10) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                vstack(spacing: 10) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .misplacedDeclaration:
            return ("""
                A declaration that cannot appear where it is: `let` and `component` only at the top level of a
                file; `constraints` only inside a stack or a component; a root layout must be an hstack or a
                vstack (a view is not a layout on its own); component names start with an uppercase letter.
                """, """
                vstack {
                    let gap = 8
                    view(intrinsic: 10 x 10)
                }
                """, """
                let gap = 8

                vstack(spacing: gap) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .invalidArithmetic:
            return ("""
                Arithmetic that has no value: division by zero, a result larger than 1e12, negating or adding
                something that is not a number (a string, a size), or an anchor such as `a.width` outside a
                `constraints` block (anchors are not numbers known at compile time).
                """, """
                let columns = 0

                vstack(spacing: 320 / columns) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                let columns = 4

                vstack(spacing: 320 / columns) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .cyclicConstant:
            return ("""
                A constant is defined in terms of itself, directly or through other constants, so it has no
                value. Constants may refer to each other in any order, but not in a circle.
                """, """
                let a = b + 1
                let b = a * 2

                vstack(spacing: a) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                let b = 4
                let a = b + 1

                vstack(spacing: a) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .duplicateDeclaration:
            return ("""
                A constant, a component or a component parameter is declared twice, or a component takes the
                name of an element kind. Names of constants and components are global to the file. The note
                points at the first declaration.
                """, """
                let gap = 8
                let gap = 10

                vstack(spacing: gap) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                let gap = 8
                let wideGap = 10

                vstack(spacing: gap + wideGap) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .invalidConstraint:
            return ("""
                A constraint must relate compatible anchors, as Auto Layout requires: horizontal position with
                horizontal position (`leading`, `trailing`, `left`, `right`, `centerX`), vertical with vertical
                (`top`, `bottom`, `centerY`, baselines), and sizes with sizes; only sizes may equal a constant.
                Both sides must be linear: one anchor times a constant, plus a constant.
                """, """
                hstack {
                    view a(intrinsic: 10 x 10)
                    view b(intrinsic: 10 x 10)
                    constraints {
                        a.width == b.leading
                    }
                }
                """, """
                hstack {
                    view a(intrinsic: 10 x 10)
                    view b(intrinsic: 10 x 10)
                    constraints {
                        a.width == b.width
                    }
                }
                """)
        case .childrenOnLeaf:
            return ("""
                Only stacks (and components) have children: `view`, `label`, `image`, `button` and `spacer` are
                leaves. To put things side by side or on top of each other, wrap them in an hstack or a vstack.
                """, """
                vstack {
                    label title {
                        view(intrinsic: 10 x 10)
                    }
                }
                """, """
                vstack {
                    label title(intrinsic: 100 x 20)
                    view(intrinsic: 10 x 10)
                }
                """)
        case .componentBodyShape:
            return ("""
                A component's body is exactly one element (plus, optionally, `constraints` blocks): an instance
                takes the place of one arranged item. Wrap several elements in a stack.
                """, """
                component Pair() {
                    view(intrinsic: 10 x 10)
                    view(intrinsic: 10 x 10)
                }

                hstack {
                    Pair
                }
                """, """
                component Pair() {
                    hstack {
                        view(intrinsic: 10 x 10)
                        view(intrinsic: 10 x 10)
                    }
                }

                hstack {
                    Pair
                }
                """)
        case .expansionTooLarge:
            return ("""
                After expanding components, the layout has more than 200,000 items (the default limit) or is
                deeper than 512 levels. Components that each use the previous one twice double the size at every
                level, so a short file can describe a huge layout; stackc refuses the instance that would pass
                the limit before building it, and its notes follow the components that multiply the size. The
                limit keeps any file within about a second and 1 GB; `--max-items N` raises it for a layout
                that really is that large. (The erroneous example is shortened here: its chain has 24 levels,
                2^24 views.)
                """, """
                component Level0() {
                    hstack {
                        view(intrinsic: 1 x 1)
                        view(intrinsic: 1 x 1)
                    }
                }
                component Level1() {
                    hstack {
                        Level0
                        Level0
                    }
                }
                // ... Level2 to Level23, each with two of the previous level

                vstack {
                    Level23
                }
                """, """
                component Level0() {
                    hstack {
                        view(intrinsic: 1 x 1)
                        view(intrinsic: 1 x 1)
                    }
                }
                component Level1() {
                    hstack {
                        Level0
                        Level0
                    }
                }

                vstack {
                    Level1
                }
                """)
        case .unsatisfiableConstraints:
            return ("""
                The required constraints (priority 1000) of a layout cannot all hold at once: UIKit would log
                "Unable to simultaneously satisfy constraints" and break one at run time. stackc solves the
                constraints UIStackView creates, together with yours, and reports the conflict at build time with
                every constraint involved as a note. Lower a priority, drop a fixed size, or make room.
                """, """
                hstack row(width: 100, spacing: 8) {
                    view a(width: 60, intrinsic: none x 20)
                    view b(width: 60, intrinsic: none x 20)
                }
                """, """
                hstack row(width: 128, spacing: 8) {
                    view a(width: 60, intrinsic: none x 20)
                    view b(width: 60, intrinsic: none x 20)
                }
                """)
        case .ambiguousLayout:
            return ("""
                The constraints do not determine some frame: an item could be several sizes or in several places
                (UIKit's `hasAmbiguousLayout`), so the layout may differ from run to run. Usually a view has no
                intrinsic size and nothing else sizes it. Give it an intrinsic size, a width or height, or a
                constraint.
                """, """
                hstack bar(alignment: center) {
                    label title(intrinsic: 100 x 20)
                    view badge(intrinsic: none x 20)
                }
                """, """
                hstack bar(alignment: center) {
                    label title(intrinsic: 100 x 20)
                    view badge(width: 20, intrinsic: none x 20)
                }
                """)
        case .unusedConstant:
            return ("""
                A constant is declared and never used. It has no effect; remove it, or use it where it was meant
                to be used.
                """, """
                let gap = 8

                vstack(spacing: 8) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                let gap = 8

                vstack(spacing: gap) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .attributeHasNoEffect:
            return ("""
                An attribute that changes nothing in this combination, such as `margins` together with
                `layoutMarginsRelative: false` (UIStackView ignores its layout margins then; writing `margins`
                alone turns `layoutMarginsRelative` on), or `spacingAfter` on the last item of a stack
                (`setCustomSpacing(_:after:)` sets the gap to the next item, and the last one has none).
                """, """
                vstack(margins: 8, layoutMarginsRelative: false) {
                    view(intrinsic: 10 x 10)
                }
                """, """
                vstack(margins: 8) {
                    view(intrinsic: 10 x 10)
                }
                """)
        case .unusedParameter:
            return ("""
                A component declares a parameter its body never reads. Arguments passed for it change nothing;
                use it where it was meant to be used (a misspelling of it is reported as an undefined name), or
                remove it and its arguments.
                """, """
                component Badge(size: Number) {
                    view(intrinsic: 20 x 20)
                }

                vstack {
                    Badge(size: 24)
                }
                """, """
                component Badge(size: Number) {
                    view(intrinsic: size x size)
                }

                vstack {
                    Badge(size: 24)
                }
                """)
        case .parameterShadowsConstant:
            return ("""
                A component parameter has the name of a top-level constant. Inside the component the name means
                the parameter, so the constant cannot be reached there, and a reader may expect the constant.
                Rename the parameter.
                """, """
                let gap = 8

                component Row(gap: Number) {
                    hstack(spacing: gap) {
                        view(intrinsic: 10 x 10)
                    }
                }

                vstack(spacing: gap) {
                    Row(gap: 4)
                }
                """, """
                let gap = 8

                component Row(spacing: Number) {
                    hstack(spacing: spacing) {
                        view(intrinsic: 10 x 10)
                    }
                }

                vstack(spacing: gap) {
                    Row(spacing: 4)
                }
                """)
        }
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
