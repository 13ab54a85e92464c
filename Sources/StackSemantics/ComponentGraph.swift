import StackSyntax

/// What expanding each component costs, found from the declarations before anything is expanded:
/// how many items one instance becomes, which component contributes most of them (for the note on a
/// refused instance), and which components contain themselves.
///
/// Walked on explicit stacks: a file can chain thousands of components (`C0` holds `C1`, which holds
/// `C2`, ...), and a frame per link would overflow the stack long before the expansion limits apply.
struct ComponentGraph {
    /// The largest contributor to one component's size: `count` instances of `component`.
    struct Contributor {
        var component: String
        var count: Int
        /// Where the first of those instances is written.
        var range: SourceRange
    }

    /// A recursion found in the declarations: `chain` from the component that repeats back to it, and the
    /// instance that closes the loop.
    struct Cycle {
        var chain: [String]
        var closingInstance: SourceRange
    }

    /// Items one instance expands to, saturating at `Int.max / 2`.
    private(set) var sizes: [String: Int] = [:]
    private(set) var largestContributor: [String: Contributor] = [:]
    /// Components that contain themselves, directly or through others: instantiating one is refused.
    private(set) var recursive: Set<String> = []
    /// One report per loop, in the order the walk finds them (declaration order).
    private(set) var cycles: [Cycle] = []

    static let saturated = Int.max / 2

    /// Walks every component reachable from `order` (declaration order), each once.
    init(components: [String: ComponentDecl], order: [String]) {
        var done: Set<String> = []
        for start in order where !done.contains(start) {
            walk(from: start, components: components, done: &done)
        }
    }

    /// A depth-first walk from `start`; a component's size is known when all its callees' are.
    private mutating func walk(from start: String, components: [String: ComponentDecl], done: inout Set<String>) {
        var path: [(name: String, calls: [Call], next: Int)] = [(start, Self.calls(in: components[start]), 0)]
        var onPath: [String: Int] = [start: 0]
        while let top = path.last {
            if top.next < top.calls.count {
                path[path.count - 1].next += 1
                let call = top.calls[top.next]
                guard components[call.component] != nil, !done.contains(call.component) else { continue }
                if let position = onPath[call.component] {
                    let chain = path[position...].map(\.name) + [call.component]
                    cycles.append(Cycle(chain: chain, closingInstance: call.range))
                    recursive.formUnion(chain)
                    continue
                }
                onPath[call.component] = path.count
                path.append((call.component, Self.calls(in: components[call.component]), 0))
                continue
            }
            path.removeLast()
            onPath[top.name] = nil
            done.insert(top.name)
            settle(top.name, top.calls)
        }
    }

    /// One component's size from its own primitives and its callees' sizes (a callee still on the path,
    /// a recursion, counts as nothing: its instances are refused).
    private mutating func settle(_ name: String, _ calls: [Call]) {
        var total = calls.first?.primitives ?? 0
        var perCallee: [String: (count: Int, range: SourceRange)] = [:]
        var order: [String] = []
        for call in calls where !call.component.isEmpty {
            let size = sizes[call.component] ?? 0
            total = min(total + size, Self.saturated)
            if perCallee[call.component] == nil {
                perCallee[call.component] = (0, call.range)
                order.append(call.component)
            }
            perCallee[call.component]?.count += 1
        }
        sizes[name] = total
        var best: Contributor?
        var bestItems = 0
        for callee in order {
            guard let entry = perCallee[callee] else { continue }
            let items = Self.product(entry.count, sizes[callee] ?? 0)
            if items > bestItems {
                bestItems = items
                best = Contributor(component: callee, count: entry.count, range: entry.range)
            }
        }
        largestContributor[name] = best
    }

    /// `a * b`, saturating.
    static func product(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? saturated : min(value, saturated)
    }

    /// A component instance in a body. The first entry of `calls(in:)` is a placeholder whose
    /// `primitives` counts the body's own primitive elements; its `component` is empty.
    struct Call {
        var component: String
        var range: SourceRange
        var primitives = 0
    }

    /// The component instances in a component's body, in source order, and its primitive elements' count.
    /// Children written on an instance are never built, so they are not looked into.
    private static func calls(in decl: ComponentDecl?) -> [Call] {
        guard let decl else { return [] }
        var calls = [Call(component: "", range: decl.range)]
        var pending: [Declaration] = decl.body.members.reversed()
        while let member = pending.popLast() {
            guard case .element(let element) = member, !element.kind.isMissing else { continue }
            if ElementKind.byName.lookup(element.kind.text) != nil {
                calls[0].primitives += 1
                pending += (element.body?.members ?? []).reversed()
            } else {
                calls.append(Call(component: element.kind.text, range: element.kind.range))
            }
        }
        return calls
    }
}

extension Checker {
    /// One error per loop of components that contain themselves, at the instance that closes it.
    mutating func reportComponentCycles() {
        for cycle in componentGraph.cycles {
            guard let name = cycle.chain.first else { continue }
            let notes = components[name].map { [DiagnosticNote("'\(name)' is declared here", at: $0.name.range)] } ?? []
            report(.recursiveComponent, "component '\(name)' contains itself (\(Self.abbreviatedChain(cycle.chain)))",
                   at: cycle.closingInstance, notes: notes)
        }
    }

    /// `A -> B -> A`; a long chain keeps its ends and says how many links it leaves out.
    static func abbreviatedChain(_ chain: [String]) -> String {
        guard chain.count > 9 else { return chain.joined(separator: " -> ") }
        let head = chain.prefix(4).joined(separator: " -> "), tail = chain.suffix(3).joined(separator: " -> ")
        return "\(head) -> ... (\(chain.count - 7) more) -> \(tail)"
    }

    /// An instance refused because its expansion would pass `maximumItems`: the error is at the instance,
    /// and the notes follow the chain of components that contribute most, so the multiplication shows.
    mutating func reportExpansionTooLarge(_ component: String, at element: ElementSyntax) {
        guard !reportedSizeLimit else { return }
        reportedSizeLimit = true
        let size = componentGraph.sizes[component] ?? 0
        var notes: [DiagnosticNote] = []
        var current = component
        var seen: Set<String> = [component]
        while notes.count < 8, let next = componentGraph.largestContributor[current], seen.insert(next.component).inserted {
            let each = componentGraph.sizes[next.component] ?? 0
            let count = next.count == 1 ? "an instance" : "\(next.count) instances"
            notes.append(DiagnosticNote("'\(current)' holds \(count) of '\(next.component)', \(each) items each", at: next.range))
            current = next.component
        }
        // The instance alone may fit, and not with the items already built.
        let already = size <= maximumItems ? " (with the \(nodeCount) items before it)" : ""
        report(.expansionTooLarge,
               "this instance of '\(component)' expands to \(Self.itemCount(size)) items\(already), more than the limit of "
               + "\(maximumItems); '--max-items' raises it", at: element.range, notes: notes)
    }

    /// A size as a number, or "more than 10^18" once it saturates.
    static func itemCount(_ size: Int) -> String {
        size >= ComponentGraph.saturated ? "more than 1000000000000000000" : String(size)
    }
}
