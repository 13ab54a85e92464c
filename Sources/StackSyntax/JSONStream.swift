/// Writes one JSON document a piece at a time, in exactly the layout `JSONValue.rendered(pretty:)`
/// gives, handing the text to `sink` every 64 KiB.
///
/// A large document (the syntax tree of a million declarations, the frames of a hundred thousand roots)
/// never exists whole, as values or as text: only the piece being written does.
public struct JSONStream {
    private let pretty: Bool
    private let sink: (String) -> Void
    private var buffer: [UInt8] = []
    /// Members written so far in each open container, outermost first.
    private var counts: [Int] = []
    private var closers: [String] = []

    /// A stream that indents when `pretty`, as `JSONValue.rendered(pretty:)` does.
    public init(pretty: Bool, sink: @escaping (String) -> Void) {
        self.pretty = pretty
        self.sink = sink
    }

    /// Opens an object: a member of the enclosing object when `key` is given, else an array element or the document.
    public mutating func beginObject(key: String? = nil) {
        begin(key: key, opener: "{", closer: "}")
    }

    /// Opens an array, like `beginObject(key:)`.
    public mutating func beginArray(key: String? = nil) {
        begin(key: key, opener: "[", closer: "]")
    }

    /// Writes a whole value as the next member (with `key` inside an object) or element.
    public mutating func value(_ value: JSONValue, key: String? = nil) {
        member(key)
        value.write(to: &buffer, pretty: pretty, indent: counts.count)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Closes the innermost open object or array.
    public mutating func end() {
        guard let count = counts.popLast(), let closer = closers.popLast() else { return }
        if count > 0 { JSONValue.null.newline(&buffer, pretty: pretty, indent: counts.count) }
        buffer.append(contentsOf: closer.utf8)
    }

    /// Hands over everything written so far.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        sink(String(decoding: buffer, as: UTF8.self))
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func begin(key: String?, opener: String, closer: String) {
        member(key)
        buffer.append(contentsOf: opener.utf8)
        counts.append(0)
        closers.append(closer)
    }

    private mutating func member(_ key: String?) {
        guard let last = counts.indices.last else { return }
        if counts[last] > 0 { buffer.append(UInt8(ascii: ",")) }
        counts[last] += 1
        JSONValue.null.newline(&buffer, pretty: pretty, indent: counts.count)
        if let key {
            JSONValue.null.writeString(key, to: &buffer)
            buffer.append(contentsOf: (pretty ? ": " : ":").utf8)
        }
    }
}
