/// How far the general solver's rows may grow. Stack-shaped rows stay short: the workloads
/// end with at most one term per symbol (0.8 at 10,000 views in an opaque row, 0.1 nested with spread
/// user constraints at 100,000), so sixteen per symbol and constraint row is far from any of them,
/// while rows that all come to mention one shared length grow as the square of the layout (written
/// as constraints, a stretched fillProportionally row of tied shares, which the tree solver takes,
/// reaches 10 GB at 3,000 labels). 2^24 terms, the least limit, take about 600 MB.
enum SolverLimits {
    /// The term limit, when a test sets one (nil: from the problem's size).
    @TaskLocal static var terms: Int? = nil

    /// How many pivots in a row may leave the objective where it stands before the lowest-id
    /// improving symbol enters instead of the one with the largest cost (`Tableau.optimize`).
    /// Task-local so that tests can change it.
    @TaskLocal static var stallsBeforeBland = 8

    /// The most terms solving a new row for an external symbol may write into the rows that
    /// mention it before the row's own error or slack symbol takes it (`Tableau.add`). Task-local so
    /// that tests can change it.
    @TaskLocal static var subjectFill = 64

    /// How many terms settling's kept forms may hold (CurrentForms.swift), when a test sets it (nil:
    /// a quarter of the tableau's term limit).
    @TaskLocal static var keptFormTerms: Int? = nil

    /// Whether frame variables' rows sit out the optimisation of the levels and ties
    /// (Tableau+Parking.swift). Task-local so that tests can compare the answer without it.
    @TaskLocal static var parksFrameRows = true

    /// The term limit of a solve over `symbols` symbols and `constraints` constraints.
    static func termLimit(symbols: Int, constraints: Int) -> Int {
        terms ?? max(1 << 24, 16 * (symbols + 4 * constraints))
    }

    /// The work limit (terms written by substitutions, `Tableau.workLimit`) of a solve with term
    /// limit `termLimit`: eight times it. Short rows rewritten over and over by a symbol that many of
    /// them mention stop here, in seconds rather than minutes.
    static func workLimit(termLimit: Int) -> Int {
        termLimit.multipliedReportingOverflow(by: 8).overflow ? Int.max : termLimit * 8
    }
}
