// What a solve answers: frames, which of their values the constraints decide, baselines, findings.

/// The frame of one item, in root coordinates.
public struct Frame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a frame.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The all-zero frame.
    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)
    /// `x + width`.
    public var maxX: Double { x + width }
    /// `y + height`.
    public var maxY: Double { y + height }
}

/// Which frame variables of an item the constraints decide (`false`: ambiguous, value chosen by the solver).
public struct Determination: Hashable, Sendable {
    public var x: Bool
    public var y: Bool
    public var width: Bool
    public var height: Bool

    /// Creates a determination.
    public init(x: Bool, y: Bool, width: Bool, height: Bool) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Everything decided.
    public static let all = Determination(x: true, y: true, width: true, height: true)
    /// Whether all four are decided.
    public var isComplete: Bool { x && y && width && height }
}

/// The solved layout of one IR.
public struct LayoutSolution: Hashable, Sendable {
    /// One frame per IR item, indexed by `ItemID.index`; `frames[0]` is the root at (0, 0).
    public var frames: [Frame]
    /// Per item, which frame variables the constraints decide.
    public var determined: [Determination]
    /// Per item, the first and last baseline (y in root coordinates; free baselines are 0).
    public var baselines: [BaselinePair]
    /// Conflicts, ambiguities and constraints the solver could not use, in a deterministic order.
    public var findings: [SolverFinding]
    /// IR indices of the required constraints dropped to recover from conflicts, ascending.
    public var brokenConstraints: [Int]
    /// Simplex pivots used (a measure of work, for benchmarks).
    public var pivots: Int

    /// The root's width.
    public var width: Double { frames.first?.width ?? 0 }
    /// The root's height.
    public var height: Double { frames.first?.height ?? 0 }
    /// Whether the layout had no conflict (ambiguity does not count).
    public var isSatisfiable: Bool { brokenConstraints.isEmpty }
    /// Whether the solver stopped at a limit (a `pivotLimit` or `termLimit` finding): the frames are
    /// where the solve stopped, not the layout's optimum, so no warning is read from them (ambiguity,
    /// negative sizes, truncated text).
    public var stopped: Bool {
        findings.contains { finding in
            switch finding.kind {
            case .pivotLimit, .termLimit: true
            default: false
            }
        }
    }
}

/// An item's two baselines.
public struct BaselinePair: Hashable, Sendable {
    public var first: Double
    public var last: Double

    /// Creates a pair.
    public init(first: Double, last: Double) {
        self.first = first
        self.last = last
    }
}
