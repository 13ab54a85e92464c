/// Explanations of the checker's diagnostics (E1xx), for `stackc explain` (DiagnosticExplanations.swift).
extension DiagnosticID {
    /// The checker's diagnostics: names, components, attributes, values, constraints (E1xx).
    var checkerEntry: ExplanationEntry? {
        switch self {
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
        case .unreadableFontFile:
            return ("""
                A `custom("file", size)` font names a font file stackc cannot use: there is no file at the path (or
                a folder, pipe or device), it cannot be read or is larger than 256 MB, it is not a TrueType or
                OpenType font stackc's reader understands (or its tables take far more reading than its size
                allows), or it has no PostScript name (name ID 6 of its `name` table), the name
                `UIFont(name:size:)` finds it by. A relative path starts at the folder of the `.stack` file; an
                absolute path is used as it is. stackc measures the label's text in that file, so it needs the
                file itself: copy the font beside the layout, fix the path, or use a system font until the file
                is there.
                """, """
                vstack {
                    label(text: "Welcome", font: custom("Fonts/Missing-Bold.otf", 17))
                }
                """, """
                vstack {
                    label(text: "Welcome", font: system(17, bold))
                }
                """)
        default:
            return nil
        }
    }
}
