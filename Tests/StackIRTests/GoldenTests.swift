import Foundation
import Testing
@testable import StackIR

/// Golden tests: every `Tests/Fixtures/lowering/*.ir` is an expected IR in the text form, with a
/// `#!` line describing the seed-000 configuration it expects (see `SeedConfiguration`). The
/// horizontal `h-*` / `v-*` fixtures are hand-translated from seed 000's listings; `x-*` are the
/// cases the seed does not show; `m-*` are the vertical mirrors of the horizontal ones, derived
/// mechanically (regenerate with `STACKC_UPDATE_FIXTURES=1 swift test --filter StackIRTests`).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("lowering")

    /// Fixture file names, sorted so runs are reproducible.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".ir") }.sorted()
    }()

    static func text(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// Hand-written horizontal fixtures that have a vertical mirror.
    static var mirrorable: [String] {
        names.filter { name in
            guard name.hasPrefix("h-") || name.hasPrefix("x-") || name.hasPrefix("c-") else { return false }
            let header = text(name).split(separator: "\n").first { $0.hasPrefix("#!") } ?? ""
            return header.contains("axis=horizontal") && !header.contains("mirror=false")
        }
    }

    /// The name of a fixture's vertical mirror: `m-` for seed 000's and the cases it does not show,
    /// `cm-` for today's UIKit (`c-`).
    static func mirrorName(of name: String) -> String {
        (name.hasPrefix("c-") ? "cm-" : "m-") + name.dropFirst(2)
    }

    /// The mirror fixture's text for a horizontal fixture.
    static func mirrorText(of name: String) -> String? {
        let source = text(name)
        guard case .success(var ir) = ConstraintIR.parse(text: source), let configuration = SeedConfiguration(fixture: source),
              let header = source.split(separator: "\n").first(where: { $0.hasPrefix("#!") }) else { return nil }
        ir.uikit = configuration.uikit
        let config = header.replacingOccurrences(of: "axis=horizontal", with: "axis=vertical") + " swap=true"
        return "\(config)\n# Vertical mirror of \(name), derived mechanically; do not edit.\n" + mirrored(ir).renderText()
    }
}

/// The golden suite over every fixture.
@Suite struct GoldenTests {
    @Test(arguments: Fixtures.names)
    func goldenLowering(_ name: String) throws {
        let text = Fixtures.text(name)
        let config = try #require(SeedConfiguration(fixture: text), "\(name) has no valid #! line")
        let expected = try ConstraintIR.parse(text: text).get()
        let actual = config.builder.lowered(uikit: config.uikit)
        let difference = compareConstraintSets(expected: expected, actual: actual)
        #expect(difference.isEmpty, "\(name):\n\(difference)")
        // Guides too: the fixture names exactly the guides the lowering creates.
        let expectedGuides = expected.items.filter { $0.kind == .guide }.map { "\($0.name) \($0.role?.rawValue ?? "")" }
        let actualGuides = actual.items.filter { $0.kind == .guide }.map { "\($0.name) \($0.role?.rawValue ?? "")" }
        #expect(expectedGuides.sorted() == actualGuides.sorted(), "\(name)")
    }

    @Test func everySeedConfigurationHasAFixture() {
        let required = ["h-1.1", "h-1.2", "h-1.3", "h-1.4", "h-1.5", "h-2.1", "h-2.2", "h-2.3", "h-2.4", "h-2.5",
                        "h-2.6", "h-3.1", "h-3.2", "v-3.3", "h-3.4"]
        for prefix in required {
            #expect(Fixtures.names.contains { $0.hasPrefix(prefix) }, "no fixture for seed 000 \(prefix)")
        }
        for name in Fixtures.mirrorable {
            #expect(Fixtures.names.contains(Fixtures.mirrorName(of: name)), "no vertical mirror of \(name)")
        }
    }

    @Test func mirrorFixturesAreUpToDate() throws {
        let update = ProcessInfo.processInfo.environment["STACKC_UPDATE_FIXTURES"] == "1"
        for name in Fixtures.mirrorable {
            let mirror = Fixtures.mirrorName(of: name)
            let text = try #require(Fixtures.mirrorText(of: name), "\(name) does not parse")
            if update {
                try text.write(to: Fixtures.directory.appendingPathComponent(mirror), atomically: true, encoding: .utf8)
            } else {
                #expect(Fixtures.text(mirror) == text, "\(mirror) is stale: rerun with STACKC_UPDATE_FIXTURES=1")
            }
        }
    }

    @Test(arguments: Fixtures.names)
    func fixtureRoundTrips(_ name: String) throws {
        let ir = try ConstraintIR.parse(text: Fixtures.text(name)).get()
        let again = try ConstraintIR.parse(text: ir.text).get()
        #expect(again == ir, "\(name)")
        #expect(again.text == ir.text, "\(name)")
    }

    @Test(arguments: Fixtures.names)
    func loweredIRRoundTrips(_ name: String) throws {
        let config = try #require(SeedConfiguration(fixture: Fixtures.text(name)))
        let ir = config.builder.lowered()
        let again = try ConstraintIR.parse(text: ir.text).get()
        #expect(again == ir, "\(name)")
    }
}
