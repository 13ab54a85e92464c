/// The faces text is measured with, by weight: stackc's default family (metrics derived from Inter,
/// whose proportions are close to Apple's system font) or an app's own font file.
public struct FontLibrary: Sendable {
    /// The default family, read from its compact data the first time a text is measured in it (a file
    /// without text never pays for it: decoding the four faces is most of a small file's `check`).
    private let isStandard: Bool
    private let ownFaces: [(weight: FontWeight, metrics: FontMetrics)]

    /// Faces by weight, ascending.
    public var faces: [(weight: FontWeight, metrics: FontMetrics)] { isStandard ? Self.standardFaces : ownFaces }

    /// A library of the given faces (at least one).
    public init(faces: [(weight: FontWeight, metrics: FontMetrics)]) {
        precondition(!faces.isEmpty, "a font library needs a face")
        self.isStandard = false
        self.ownFaces = faces.sorted { $0.weight < $1.weight }
    }

    /// One face for every weight (an app's font file).
    public init(single metrics: FontMetrics) {
        self.init(faces: [(.regular, metrics)])
    }

    private init(standard: Void) {
        isStandard = true
        ownFaces = []
    }

    /// stackc's default family: Inter's regular, medium, semibold and bold faces.
    public static let standard = FontLibrary(standard: ())

    private static let standardFaces: [(weight: FontWeight, metrics: FontMetrics)] = {
        // The data is generated and tested (FontTests): a face that does not read is a build defect.
        defaultFaces.compactMap { face in (try? FontMetrics(compact: face.compact)).map { (face.weight, $0) } }
            .sorted { $0.weight < $1.weight }
    }()

    /// The face for a weight: the nearest one the library has (the heavier of two equally near).
    public func face(for weight: FontWeight) -> FontMetrics {
        faces.min { a, b in
            let da = abs(a.weight.weightClass - weight.weightClass), db = abs(b.weight.weightClass - weight.weightClass)
            return da != db ? da < db : a.weight > b.weight
        }!.metrics
    }

    /// The family's name, for drawing text in it: the words its faces' names share (`Inter` for
    /// `Inter Regular` and `Inter Bold`), or the one face's full name.
    public var familyName: String {
        let names = faces.map { $0.metrics.name.split(separator: " ") }
        guard var shared = names.first else { return "" }
        for words in names.dropFirst() {
            shared = Array(zip(shared, words).prefix { $0.0 == $0.1 }.map(\.0))
        }
        return shared.joined(separator: " ")
    }

    /// A measurer for a font at a content size category, on a screen of `scale` pixels per point. A
    /// custom font measures in its own file, whatever faces the library has.
    public func measurer(for font: FontSpec, category: ContentSizeCategory = .default, scale: Double = 3) -> TextMeasurer {
        if case .custom(let custom) = font {
            return TextMeasurer(metrics: custom.metrics, size: custom.pointSize(at: category), scale: scale)
        }
        let (size, weight) = font.resolved(at: category)
        return TextMeasurer(metrics: face(for: weight), size: size, scale: scale)
    }
}
