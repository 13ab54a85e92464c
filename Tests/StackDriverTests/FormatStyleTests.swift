import StackSyntax
import Testing

// `fmt`'s settings from `.stackc.json`: indentation and line width, and formatting stays idempotent under them.

private let source = """
    component Card(title: String, subtitle: String = "", width: Number = 320) {
        vstack(spacing: 4, alignment: leading) { label(text: title, intrinsic: 100 x 20) }
    }
    hstack main(spacing: 8) { Card(title: "a") }
    """

@Test func indentWidthAndLineWidthShapeTheOutput() {
    let style = StackFormatter.Style(indentWidth: 2, lineWidth: 50)
    #expect(StackFormatter.format(text: source, style: style) == """
        component Card(
          title: String,
          subtitle: String = "",
          width: Number = 320
        ) {
          vstack(spacing: 4, alignment: leading) {
            label(text: title, intrinsic: 100 x 20)
          }
        }
        hstack main(spacing: 8) {
          Card(title: "a")
        }

        """)
}

@Test func formattingIsIdempotentUnderEveryStyle() {
    for indent in [1, 2, 3, 8] {
        for width in [1, 20, 40, 80, 100, 10_000] {
            let style = StackFormatter.Style(indentWidth: indent, lineWidth: width)
            let once = StackFormatter.format(text: source, style: style)
            #expect(once != nil)
            #expect(once.flatMap { StackFormatter.format(text: $0, style: style) } == once, "indent \(indent), width \(width)")
        }
    }
}

@Test func valuesOutsideTheRangesAreClamped() {
    #expect(StackFormatter.Style(indentWidth: 0, lineWidth: -5) == StackFormatter.Style(indentWidth: 1, lineWidth: 1))
    #expect(StackFormatter.Style(indentWidth: 99, lineWidth: 1_000_000) == StackFormatter.Style(indentWidth: 16, lineWidth: 10_000))
    #expect(StackFormatter.Style.standard == StackFormatter.Style(indentWidth: 4, lineWidth: 100))
}
