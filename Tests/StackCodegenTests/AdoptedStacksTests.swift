@testable import StackRuntime
import StackTestSupport
import Testing

/// Generated code adopts its stacks (`adoptStacks`), and StackRuntime then solves them on the stack
/// structure. The reference is the same generated layout in a second container whose adoption is
/// dropped, so that it is solved as its constraints are written (the general solver).
@MainActor
@Suite struct AdoptedStacksTests {
    /// `generatedLayouts`' roots (checked by `everyGeneratedRootIsHere`).
    nonisolated static let roots = ["card", "contact", "fixed", "footer", "keypad", "natural", "settings", "springboard", "tip", "toolbar"]

    @Test func everyGeneratedRootIsHere() {
        #expect(generatedLayouts.keys.sorted() == Self.roots)
    }

    /// A generated layout installed twice: once adopted, once solved as written.
    @MainActor
    struct Twin {
        let adopted: any GeneratedLayout
        let written: any GeneratedLayout
        let adoptedContainer = UIView()
        let writtenContainer = UIView()

        init(_ make: () -> any GeneratedLayout) {
            adopted = make()
            written = make()
            adopted.install(in: adoptedContainer)
            written.install(in: writtenContainer)
            writtenContainer.adoptedStacks = nil
        }

        /// Lays both out; the largest difference between their frames, and where.
        func layOut() -> (difference: Double, detail: String) {
            adoptedContainer.layoutIfNeeded()
            writtenContainer.layoutIfNeeded()
            let written = Dictionary(uniqueKeysWithValues: self.written.frames().map { ($0.name, $0.frame) })
            var worst = (0.0, "")
            for (name, frame) in adopted.frames() {
                guard let other = written[name] else { return (.infinity, "missing \(name)") }
                let difference = max(abs(frame.minX - other.minX), abs(frame.minY - other.minY),
                                     abs(frame.width - other.width), abs(frame.height - other.height))
                if !(difference <= worst.0) { worst = (Double(difference), "\(name): adopted \(frame), as written \(other)") }
            }
            return worst
        }

        /// The labels that measure their text, in both layouts, in the same order.
        var labels: [(UILabel, UILabel)] {
            func measured(_ container: UIView) -> [UILabel] {
                container.subviews.compactMap { $0 as? UILabel }.filter { type(of: $0) == UILabel.self }
            }
            return Array(zip(measured(adoptedContainer), measured(writtenContainer)))
        }
    }

    @Test(arguments: Self.roots)
    func adoptedStacksGiveTheFramesAsWritten(_ root: String) throws {
        let twin = Twin(try #require(generatedLayouts[root]))
        let (difference, detail) = twin.layOut()
        #expect(twin.adoptedContainer.lastLayoutUsedStacks, "\(root): the stacks were not adopted")
        #expect(!twin.writtenContainer.lastLayoutUsedStacks)
        #expect(twin.adoptedContainer.layoutFindings.isEmpty && twin.writtenContainer.layoutFindings.isEmpty)
        #expect(difference <= 1e-9, "\(root): \(detail)")
    }

    /// Texts change one label at a time (the structured engine updates that leaf's path to the
    /// root) and several at once; every layout matches the one as written.
    @Test(arguments: Self.roots)
    func changedIntrinsicSizesGiveTheFramesAsWritten(_ root: String) throws {
        let twin = Twin(try #require(generatedLayouts[root]))
        _ = twin.layOut()
        let texts = ["", "W", "Lorem ipsum dolor sit amet", "Hi\nthere", "A much longer line of text than any label had"]
        var random = SeededGenerator(seed: 7)
        for step in 0..<12 {
            let labels = twin.labels
            guard !labels.isEmpty else { return }
            for _ in 0..<(step % 3 == 2 ? 3 : 1) {
                let (adopted, written) = labels[Int.random(in: 0..<labels.count, using: &random)]
                let text = texts[Int.random(in: 0..<texts.count, using: &random)]
                adopted.text = text
                written.text = text
            }
            let (difference, detail) = twin.layOut()
            #expect(difference <= 1e-9, "\(root), step \(step): \(detail)")
            #expect(twin.adoptedContainer.lastLayoutUsedStacks == twin.adoptedContainer.layoutFindings.isEmpty, "\(root), step \(step)")
        }
    }

    /// Hiding and showing items adopts the stacks again in the new states (`setHidden` calls
    /// `adoptStacks`): over random toggles, every layout is solved on the stacks unless it has
    /// findings, and matches the one as written.
    @Test func togglesAdoptTheStacksAgain() throws {
        let twin = Twin(try #require(generatedLayouts["settings"]))
        let adopted = try #require(twin.adopted as? SettingsLayout)
        let written = try #require(twin.written as? SettingsLayout)
        _ = twin.layOut()
        var random = SeededGenerator(seed: 11)
        var onStacks = 0
        for step in 0..<24 {
            let toggle = try #require(SettingsLayout.Toggle.allCases.randomElement(using: &random))
            let hidden = !adopted.isHidden(toggle)
            adopted.setHidden(hidden, for: toggle)
            written.setHidden(hidden, for: toggle)
            twin.writtenContainer.adoptedStacks = nil
            let (difference, detail) = twin.layOut()
            #expect(difference <= 1e-9, "step \(step), \(toggle) hidden \(hidden): \(detail)")
            #expect(twin.adoptedContainer.lastLayoutUsedStacks == twin.adoptedContainer.layoutFindings.isEmpty, "step \(step)")
            #expect(!twin.writtenContainer.lastLayoutUsedStacks)
            if twin.adoptedContainer.lastLayoutUsedStacks { onStacks += 1 }
        }
        #expect(onStacks >= 12, "\(onStacks) of 24 layouts on the stacks")
    }

    /// A changed constant is not the structure adopted: layout solves the constraints as written.
    @Test func aChangedConstraintEndsTheAdoption() throws {
        let twin = Twin(try #require(generatedLayouts["tip"]))
        _ = twin.layOut()
        #expect(twin.adoptedContainer.lastLayoutUsedStacks)
        for container in [twin.adoptedContainer, twin.writtenContainer] {
            let spacing = try #require(container.constraints.first { $0.identifier == "stk-spacing" })
            spacing.constant += 30
            container.setNeedsLayout()
        }
        let (difference, detail) = twin.layOut()
        #expect(!twin.adoptedContainer.lastLayoutUsedStacks)
        #expect(difference == 0, "\(detail)")
    }

    /// A container that already holds a view of its own, or is inside another view, is not adopted.
    @Test func aHierarchyWithMoreThanTheLayoutIsNotAdopted() throws {
        let make = try #require(generatedLayouts["tip"])
        let crowded = UIView()
        crowded.addSubview(UIView())
        make().install(in: crowded)
        crowded.layoutIfNeeded()
        #expect(!crowded.lastLayoutUsedStacks)
        let parent = UIView()
        let nested = UIView()
        parent.addSubview(nested)
        make().install(in: nested)
        parent.layoutIfNeeded()
        #expect(!parent.lastLayoutUsedStacks)
    }

    /// A laid-out hierarchy is freed once nothing outside it holds it, adopted or solved as written:
    /// constraints hold their items weakly, as UIKit's do, and an adoption does not hold its container.
    @Test(arguments: Self.roots, [true, false])
    func aLaidOutHierarchyIsFreed(_ root: String, adopted: Bool) throws {
        let make = try #require(generatedLayouts[root])
        weak var container: UIView?
        weak var view: UIView?
        do {
            let strong = UIView()
            make().install(in: strong)
            if !adopted { strong.adoptedStacks = nil }
            strong.layoutIfNeeded()
            #expect(strong.lastLayoutUsedStacks == adopted)
            container = strong
            view = strong.subviews.first
        }
        #expect(container == nil, "\(root): the container outlives its owners")
        #expect(view == nil, "\(root): a subview outlives its container")
    }
}
