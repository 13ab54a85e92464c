import StackSemantics
import StackText

/// Which framework's spelling generated code uses.
///
/// Both outputs also compile against `StackRuntime` (on Linux, or anywhere with `-D STACKC_RUNTIME`),
/// so one file serves the app and its headless layout tests.
public enum Platform: String, Sendable, CaseIterable {
    /// UIKit names (`UIView`, `UILayoutGuide`, `UILayoutPriority`). The file also compiles against
    /// AppKit, through type aliases inside each generated type, when UIKit is not available.
    case uikit
    /// AppKit names (`NSView`, `NSLayoutGuide`, `NSLayoutConstraint.Priority`, `NSTextField`).
    case appkit
}

/// The spelling of every framework name generated code uses, per platform.
struct Names {
    let platform: Platform
    var view: String { platform == .uikit ? "UIView" : "NSView" }
    var guide: String { platform == .uikit ? "UILayoutGuide" : "NSLayoutGuide" }
    var priority: String { platform == .uikit ? "UILayoutPriority" : "NSLayoutConstraint.Priority" }

    /// The condition under which the file builds against StackRuntime.
    var runtimeCondition: String {
        platform == .uikit ? "STACKC_RUNTIME || !(canImport(UIKit) || canImport(AppKit))" : "STACKC_RUNTIME || !canImport(AppKit)"
    }

    /// The condition under which a UIKit-spelled file builds against AppKit (type aliases, content).
    static let appKitCondition = "!STACKC_RUNTIME && !canImport(UIKit) && canImport(AppKit)"

    /// The import block at the top of the file.
    var imports: [String] {
        switch platform {
        case .uikit:
            ["#if \(runtimeCondition)", "import StackRuntime", "#elseif canImport(UIKit)", "import UIKit",
             "#else", "import AppKit", "#endif"]
        case .appkit:
            ["#if \(runtimeCondition)", "import StackRuntime", "#else", "import AppKit", "#endif"]
        }
    }

    /// The class a leaf of `kind` gets when its node has no `type:` (the model stores UIKit names).
    func swiftType(_ modelType: String) -> String {
        guard platform == .appkit else { return modelType }
        switch modelType {
        case "UIView": return "NSView"
        case "UILabel": return "NSTextField"
        case "UIImageView": return "NSImageView"
        case "UIButton": return "NSButton"
        default: return modelType
        }
    }

    /// Statements that show a leaf's `text:`/`image:` on a view of the default class, per framework.
    /// Returns (UIKit or runtime spelling, AppKit spelling).
    func content(property: String, modelType: String, content: String) -> (uikit: String, appkit: String)? {
        let literal = swiftStringLiteral(content)
        switch modelType {
        case "UILabel":
            return ("\(property).text = \(literal)", "\(property).stringValue = \(literal)")
        case "UIImageView":
            return ("\(property).image = UIImage(named: \(literal))", "\(property).image = NSImage(named: \(literal))")
        case "UIButton":
            return ("\(property).setTitle(\(literal), for: .normal)", "\(property).title = \(literal)")
        default:
            return nil
        }
    }

    /// The font and line count of a label or button whose size is its text's (UIKit spelling, also
    /// StackRuntime's): a text style scales with the user's text size, as the checker's measure assumes.
    func textStyle(property: String, kind: ElementKind, leaf: LeafAttributes) -> [String] {
        let target = kind == .button ? "\(property).titleLabel?" : property
        var lines: [String] = []
        switch leaf.font {
        case .style(let style)?:
            lines.append("\(target).font = UIFont.preferredFont(forTextStyle: .\(style.rawValue))")
            lines.append("\(target).adjustsFontForContentSizeCategory = true")
        case .system(let size, let weight)?:
            lines.append("\(target).font = UIFont.systemFont(ofSize: \(swiftNumber(size)), weight: .\(weight.rawValue))")
        case .custom(let font)?:
            // The system font stands in while the app has not registered the font (Info.plist's UIAppFonts).
            let size = swiftNumber(font.size)
            let named = "UIFont(name: \(swiftStringLiteral(font.postScriptName)), size: \(size)) ?? UIFont.systemFont(ofSize: \(size))"
            if let style = font.scaledLike {
                lines.append("\(target).font = UIFontMetrics(forTextStyle: .\(style.rawValue)).scaledFont(for: \(named))")
                lines.append("\(target).adjustsFontForContentSizeCategory = true")
            } else {
                lines.append("\(target).font = \(named)")
            }
        case nil where kind == .label:
            lines.append("\(target).font = UIFont.preferredFont(forTextStyle: .body)")
            lines.append("\(target).adjustsFontForContentSizeCategory = true")
        case nil:
            break
        }
        if kind == .label, leaf.lines != 1 { lines.append("\(property).numberOfLines = \(leaf.lines)") }
        return lines
    }

    /// The AppKit aliases a UIKit-spelled type declares for itself when built against AppKit.
    static let appKitAliases: [(String, String)] = [
        ("UIView", "NSView"), ("UILabel", "NSTextField"), ("UIImageView", "NSImageView"),
        ("UIButton", "NSButton"), ("UILayoutGuide", "NSLayoutGuide"), ("UILayoutPriority", "NSLayoutConstraint.Priority"),
    ]
}

/// A Swift string literal for arbitrary text: escapes quotes, backslashes and control characters.
func swiftStringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// A number as a Swift literal: integral values without a fraction, others in the shortest form that
/// reads back to the same `Double` (Swift's `description` round-trips).
func swiftNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return "\(value)"
}
