import Foundation
import StackTestSupport
import StackSyntax
import Testing
@testable import StackSemantics

private func model(_ text: String) -> LayoutModel {
    let result = check(SourceFile(path: "t.stack", text: text))
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.map(\.message))")
    return result.model
}

@Test func defaultsFollowUIKit() throws {
    let tree = try #require(model("hstack { view v spacer }").roots.first)
    #expect(tree.nodes[0].stack == StackAttributes(axis: .horizontal))
    let view = tree.nodes[1]
    #expect(view.leaf?.hugging == PerAxis(horizontal: 250, vertical: 250))
    #expect(view.leaf?.compressionResistance == PerAxis(horizontal: 750, vertical: 750))
    #expect(view.leaf?.intrinsic == PerAxis(horizontal: nil, vertical: nil))
    #expect(tree.nodes[2].leaf?.hugging == PerAxis(horizontal: 1, vertical: 1))
}

@Test func pathsAndGeneratedNames() throws {
    let tree = try #require(model("vstack main { hstack top { label time view } view }").roots.first)
    #expect(tree.nodes.map(\.path) == ["main", "main.top", "main.top.time", "main.top.view1", "main.view1"])
    #expect(tree.nodes.map(\.isNamed) == [true, true, true, false, false])
    #expect(tree.nodes[1].children == [2, 3])
    #expect(tree.nodes[3].parent == 1)
}

@Test func attributesAreEvaluated() throws {
    let tree = try #require(model("""
        let base = 10
        vstack(distribution: .equalCentering, alignment: bottom, spacing: base * 1.5 - -1, margins: (1, 2),
               baselineRelative: true, width: 100, hidden: false) {
            label l(intrinsic: none x 20, horizontalHugging: 251, verticalCompression: defaultLow, firstBaseline: 15,
                    lastBaseline: 18, spacingAfter: 4, text: "hi", type: "MyLabel")
        }
        """).roots.first)
    let stack = try #require(tree.nodes[0].stack)
    #expect(stack.distribution == .equalCentering)
    #expect(stack.alignment == .trailing)
    #expect(stack.spacing == 16)
    #expect(stack.margins == Insets(top: 1, leading: 2, bottom: 1, trailing: 2))
    #expect(stack.layoutMarginsRelative)
    #expect(stack.baselineRelative)
    #expect(tree.nodes[0].width == 100)
    let label = tree.nodes[1]
    let leaf = try #require(label.leaf)
    #expect(leaf.intrinsic == PerAxis(horizontal: nil, vertical: 20))
    #expect(leaf.hugging == PerAxis(horizontal: 251, vertical: 250))
    #expect(leaf.compressionResistance == PerAxis(horizontal: 750, vertical: 250))
    #expect(leaf.firstBaseline == 15 && leaf.lastBaseline == 18 && leaf.content == "hi")
    #expect(label.spacingAfter == 4 && label.swiftType == "MyLabel")
}

@Test func componentsExpandWithArgumentsAndDefaults() throws {
    let tree = try #require(model("""
        let size = 60
        component App(icon: String, title: String = "none", wide: Number = 1) {
            vstack app(spacing: 3) { image icon(image: icon, width: size * wide) label(text: title) }
        }
        hstack { App safari(icon: "safari", hidden: true) App(icon: "maps", title: "Maps", wide: 2) }
        """).roots.first)
    #expect(tree.nodes.map(\.path) == ["hstack0", "hstack0.safari", "hstack0.safari.icon", "hstack0.safari.label1",
                                       "hstack0.app", "hstack0.app.icon", "hstack0.app.label1"])
    #expect(tree.nodes[1].hidden)
    #expect(tree.nodes[2].leaf?.content == "safari" && tree.nodes[2].width == 60)
    #expect(tree.nodes[3].leaf?.content == "none")
    #expect(tree.nodes[5].width == 120)
    #expect(tree.nodes[6].leaf?.content == "Maps")
}

@Test func constraintsResolveToCanonicalForm() throws {
    let tree = try #require(model("""
        vstack main {
            view a view b
            constraints {
                a.width == b.height
                2 * a.leading + 4 >= b.leading @ 500
                100 <= b.width
                b.height == (a.width - 10) / 2 @defaultLow
            }
        }
        """).roots.first)
    let c = tree.userConstraints
    #expect(c.count == 4)
    #expect(c[0] == UserConstraint(first: 1, firstAttribute: .width, relation: .equal, multiplier: 1, second: 2,
                                   secondAttribute: .height, constant: 0, priority: 1000, origin: c[0].origin))
    #expect(c[1].relation == .greaterThanOrEqual && c[1].multiplier == 0.5 && c[1].constant == -2 && c[1].priority == 500)
    #expect(c[2].first == 2 && c[2].relation == .greaterThanOrEqual && c[2].second == nil && c[2].constant == 100)
    #expect(c[3].first == 2 && c[3].multiplier == 0.5 && c[3].constant == -5 && c[3].priority == 250)
}

@Test func constraintsReachIntoComponentInstances() throws {
    let tree = try #require(model("""
        component Card() { hstack { image avatar view body constraints { avatar.width == avatar.height } } }
        vstack { Card card view other constraints { card.avatar.width == other.width } }
        """).roots.first)
    #expect(tree.userConstraints.count == 2)
    #expect(tree.nodes[tree.userConstraints[1].first].path == "vstack0.card.avatar")
}

@Test func marginsImplyMarginsRelative() throws {
    let roots = model("vstack a(margins: 4) {} vstack b {}").roots
    #expect(roots[0].nodes[0].stack?.layoutMarginsRelative == true)
    #expect(roots[1].nodes[0].stack?.layoutMarginsRelative == false)
}

@Test func samplesCheckClean() throws {
    for url in stackFilesInSamples() {
        let file = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        let result = check(file)
        #expect(result.diagnostics.isEmpty, "\(url.lastPathComponent): \(result.diagnostics.map(\.message))")
        #expect(!result.model.roots.isEmpty)
    }
}

private func stackFilesInSamples() -> [URL] {
    let files = stackFiles(in: "Samples")
    #expect(files.count >= 6)
    return files
}
