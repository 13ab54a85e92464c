/// Explanations of the layout's diagnostics (E2xx, W2xx) and the warnings (W1xx), for `stackc explain`
/// (DiagnosticExplanations.swift).
extension DiagnosticID {
    /// Conflicts and ambiguity found by solving, and the warnings.
    var layoutEntry: ExplanationEntry? {
        switch self {
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
        case .negativeFrame:
            return ("""
                The solved layout gives an item a negative width or height: its required constraints (spacing,
                fixed sizes, the container's size) leave less than nothing for it, and only its compression
                resistance, an optional constraint, held it up. UIKit lays it out the same way and draws nothing,
                or draws it flipped. Make room: less spacing, a smaller fixed size, a larger container, or fewer items.
                `Samples/errors/negative-frame.stack` is a header squeezed this way; `stackc render` draws such an
                item hatched red where it would be, with its negative size.
                """, """
                hstack row(width: 100, spacing: 80) {
                    image avatar(intrinsic: 40 x 40)
                    label greeting(intrinsic: 60 x 20)
                }
                """, """
                hstack row(width: 100, spacing: 8) {
                    image avatar(intrinsic: 40 x 40)
                    label greeting(intrinsic: 52 x 20)
                }
                """)
        case .truncatedText:
            return ("""
                A label or button is narrower (or shorter) than the text it measures: on the device it shows an
                ellipsis, or loses lines. stackc measures text in its font at the content size asked for, wraps a
                label of several lines (`lines:` other than 1) at its solved width, and compares. Make room, allow
                more lines (`lines: 0` for no limit), or shorten the text; `stackc check --device all
                --content-size all` finds where it happens at its worst. `Samples/errors/truncated-text.stack` is a
                settings row whose title is cut; `stackc render` draws the text as cut, with a red ellipsis, and
                outlines the item in red.
                """, """
                hstack row(width: 120, spacing: 8) {
                    image icon(intrinsic: 24 x 24, compression: required)
                    label title(text: "Notifications and sounds")
                }
                """, """
                hstack row(width: 120, spacing: 8) {
                    image icon(intrinsic: 24 x 24, compression: required)
                    label title(text: "Notifications and sounds", lines: 0)
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
        default:
            return nil
        }
    }
}
