import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StackIR
import StackRender
import StackSyntax
import Testing
@testable import StackSolver

@Suite struct RenderTests {
    @Test func textTableAndJSON() {
        let (solution, _) = ThreeViews(.fill).solved(width: 300, height: 400)
        let ir = ThreeViews(.fill).builder.ir
        let text = layoutText(ir, solution)
        #expect(text == """
        item        kind    x    y    w    h
        main        vstack  0    0  300  400
        main.red    view    0    0  300  100
        main.blue   view    0  100  300  100
        main.green  view    0  200  300  200

        """)
        let json = layoutJSON(ir, solution).rendered()
        #expect(json.hasPrefix(#"{"root":"main","width":300,"height":400,"frames":[{"item":"main","kind":"vstack","x":0,"y":0,"width":300,"height":400},"#))
    }

    @Test func svgIsWellFormedAndLabelsEveryItem() {
        let stack = ThreeViews(.equalSpacing, .center)
        let ir = stack.builder.ir
        let svg = renderSVG(ir, panels: [(320, solve(ir, width: 320, height: 500)), (nil, solve(ir))])
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        for name in ["red", "blue", "green"] { #expect(svg.contains(">\(name)</text>")) }
        #expect(svg.contains("url(#gap)"))
        // Well-formed XML, checked by a real parser rather than by counting tags.
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        if let directory = ProcessInfo.processInfo.environment["STACKC_SVG_DIR"] {
            try? svg.write(toFile: directory + "/equalSpacing-center.svg", atomically: true, encoding: .utf8)
        }
    }
}
