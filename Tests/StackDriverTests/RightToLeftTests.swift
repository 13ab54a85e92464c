import StackDriver
import StackIR
import StackSolver
import StackSyntax
import Testing

/// `--direction rtl`: leading and trailing mirrored, left and right kept, frames worked out by hand.
@Suite struct RightToLeftTests {
    func frames(_ text: String, _ direction: LayoutDirection, width: Double? = nil) throws -> [String: Frame] {
        let compilation = Compilation(file: SourceFile(path: "rtl.stack", text: text), solving: false)
        #expect(!compilation.diagnostics.hasErrors, "\(compilation.diagnostics.map(\.message))")
        let ir = try #require(compilation.irs.first)
        let solution = compilation.solution(root: 0, width: width, height: nil, direction: direction)
        return Dictionary(uniqueKeysWithValues: ir.items.indices.map { (ir.items[$0].name, solution.frames[$0]) })
    }

    /// A row of 10, 20 and 30 points, spacing 5, 100 wide: where each distribution puts them, in x
    /// from the left, left to right and right to left (the right-to-left row starts at the right edge,
    /// each frame at 100 - x - width). fill gives the 40 extra points to the first item (equal hugging:
    /// the tie rule); fillProportionally splits 100 in the ratio 10 : 20 : 33 of its lowering.
    @Test(arguments: [
        ("fill", [0.0, 45, 70], [60.0, 35, 0], [40.0, 20, 30]),
        ("fillEqually", [0.0, 35, 70], [70.0, 35, 0], [30.0, 30, 30]),
        ("fillProportionally", [0.0, 135.0 / 7, 370.0 / 7], [600.0 / 7, 365.0 / 7, 0], [100.0 / 7, 200.0 / 7, 330.0 / 7]),
        ("equalSpacing", [0.0, 30, 70], [90.0, 50, 0], [10.0, 20, 30]),
        ("equalCentering", [0.0, 35, 70], [90.0, 45, 0], [10.0, 20, 30]),
    ] as [(String, [Double], [Double], [Double])])
    func distributionsMirror(distribution: String, ltr: [Double], rtl: [Double], widths: [Double]) throws {
        let text = """
            hstack row(width: 100, spacing: 5, distribution: \(distribution)) {
                view a(intrinsic: 10 x 10)
                view b(intrinsic: 20 x 10)
                view c(intrinsic: 30 x 10)
            }
            """
        let left = try frames(text, .leftToRight), right = try frames(text, .rightToLeft)
        for (index, name) in ["row.a", "row.b", "row.c"].enumerated() {
            #expect(abs(left[name]!.width - widths[index]) < 1e-6 && abs(right[name]!.width - widths[index]) < 1e-6, "\(distribution) \(name)")
            #expect(abs(left[name]!.x - ltr[index]) < 1e-6, "\(distribution) \(name) ltr \(left[name]!.x)")
            #expect(abs(right[name]!.x - rtl[index]) < 1e-6, "\(distribution) \(name) rtl \(right[name]!.x)")
        }
    }

    /// A 40-point view in a 100-point column: leading is the right edge right to left.
    @Test(arguments: [("leading", 0.0, 60.0), ("trailing", 60.0, 0.0), ("center", 30.0, 30.0), ("fill", 0.0, 0.0)])
    func alignmentsMirror(alignment: String, ltr: Double, rtl: Double) throws {
        let text = "vstack column(width: 100, alignment: \(alignment)) {\n    view a(intrinsic: 40 x 10)\n}\n"
        #expect(abs(try frames(text, .leftToRight)["column.a"]!.x - ltr) < 1e-6)
        #expect(abs(try frames(text, .rightToLeft)["column.a"]!.x - rtl) < 1e-6)
    }

    /// `left` and `right` are the same sides in both directions. `a.left == row.left` holds by itself
    /// left to right (a is the first item); right to left `a` is the rightmost item, so its left edge
    /// reaches the row's only when it takes the whole row and `b` gives up its width (compression 750).
    @Test func leftAndRightStayPut() throws {
        let text = """
            hstack row(width: 100) {
                view a(intrinsic: none x 10)
                view b(intrinsic: 20 x 10)
                constraints { a.left == row.left }
            }
            """
        let ltr = try frames(text, .leftToRight), rtl = try frames(text, .rightToLeft)
        #expect(ltr["row.a"] == Frame(x: 0, y: 0, width: 80, height: 10) && ltr["row.b"] == Frame(x: 80, y: 0, width: 20, height: 10))
        #expect(rtl["row.a"] == Frame(x: 0, y: 0, width: 100, height: 10) && rtl["row.b"] == Frame(x: 0, y: 0, width: 0, height: 10))
        var ir = ConstraintIR(root: "r", file: "f", items: [IRItem(name: "v", kind: .view, owner: nil, origin: Origin(line: 1, column: 1))], constraints: [])
        for (first, second) in [(LayoutAttribute.left, LayoutAttribute.right), (.leading, .trailing), (.centerX, .width)] {
            ir.constraints.append(IRConstraint(.user, Anchor(ItemID(0), first), .equal, Anchor(ItemID(0), second), origin: Origin(line: 1, column: 1)))
        }
        let flipped = ir.forDirection(.rightToLeft).constraints.map { [$0.first.attribute, $0.second!.attribute] }
        #expect(flipped == [[.trailing, .leading], [.leading, .trailing], [.centerX, .width]])
        #expect(ir.forDirection(.leftToRight) == ir)
    }

    /// Every distribution with every alignment, rows and columns nested both ways, with margins and a
    /// hidden item: without `left`/`right` constraints, the right-to-left layout is the left-to-right one
    /// mirrored in the root's vertical midline (x' = W - x - width, y and sizes unchanged), item by
    /// item, for both UIKit targets.
    @Test(arguments: ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"])
    func everyAlignmentAndDistributionMirrors(distribution: String) throws {
        for (rowAlignment, columnAlignment) in zip(["fill", "top", "center", "bottom", "firstBaseline", "lastBaseline"],
                                                    ["fill", "leading", "center", "trailing", "leading", "center"]) {
            let text = """
                vstack page(width: 300, alignment: \(columnAlignment), spacing: 4) {
                    hstack row(distribution: \(distribution), alignment: \(rowAlignment), spacing: 6, margins: (2, 10, 3, 5)) {
                        view a(intrinsic: 30 x 20, firstBaseline: 15)
                        view b(intrinsic: 50 x 10, hidden: true)
                        label c(text: "Hello")
                        view d(intrinsic: 40 x 30)
                    }
                    vstack column(distribution: \(distribution), alignment: \(columnAlignment), spacing: 3) {
                        view e(intrinsic: 120 x 12)
                        view f(intrinsic: 80 x 18)
                    }
                }
                """
            for uikit in UIKitTarget.allCases {
                let compilation = Compilation(file: SourceFile(path: "rtl.stack", text: text), solving: false, uikit: uikit)
                #expect(!compilation.diagnostics.hasErrors, "\(compilation.diagnostics.map(\.message))")
                let ir = try #require(compilation.irs.first)
                let ltr = compilation.solution(root: 0, width: nil, height: nil, direction: .leftToRight)
                let rtl = compilation.solution(root: 0, width: nil, height: nil, direction: .rightToLeft)
                let width = ltr.frames[0].width
                for index in ir.items.indices where ir.items[index].kind != .guide && !ir.items[index].isHidden {
                    let f = ltr.frames[index], g = rtl.frames[index]
                    let mirrored = abs(g.x - (width - f.x - f.width)) < 1e-6 && abs(g.y - f.y) < 1e-6
                        && abs(g.width - f.width) < 1e-6 && abs(g.height - f.height) < 1e-6
                    #expect(mirrored, "\(distribution) \(rowAlignment)/\(columnAlignment) \(uikit): \(ir.items[index].name) ltr \(f) rtl \(g)")
                }
            }
        }
    }
}
