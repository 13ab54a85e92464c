/// The long explanations `stackc explain CODE` prints (like `rustc --explain`): what the diagnostic means,
/// why stackc reports it, and an example that produces it next to the same example corrected.
/// A test compiles every example: each wrong one gives its diagnostic, each right one does not.
/// What `stackc explain` prints for one ID: what it means, and an example before and after the fix.
typealias ExplanationEntry = (details: String, wrong: String, right: String)

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

    /// Each ID's entry, from the file of its family (syntax here, the checker's and the layout's and
    /// warnings' beside it). A test checks that every ID has one.
    private var explanationEntry: ExplanationEntry {
        syntaxEntry ?? checkerEntry ?? layoutEntry ?? (details: "", wrong: "", right: "")
    }

    /// The lexer's and parser's diagnostics (E0xx).
    var syntaxEntry: ExplanationEntry? {
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
        default:
            return nil
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
