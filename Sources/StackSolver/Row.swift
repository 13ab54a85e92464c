/// The one tolerance of the solver: coefficients and constants closer to zero than this are zero,
/// a reduced cost must exceed it to count, a required constraint may miss by at most this much
/// before rounding (far inside the 1e-6 that the semantics promise).
let tolerance = 1e-9

/// Whether a value is zero for the solver's purposes.
/// (Comparisons, not the generic `abs`, which costs a witness-table lookup per call in debug builds.)
@inline(__always)
func nearZero(_ value: Double) -> Bool { value < tolerance && value > -tolerance }

/// Appends unsorted `terms` to `symbols` and `coefficients` as a row keeps its own: ascending,
/// duplicates summed, sums near zero dropped. Rows (`Row.init`) and rows stored together
/// (`SparseRows`) share it, so both hold the same terms for the same input.
func appendNormalized(_ terms: [(symbol: Int, coefficient: Double)], symbols: inout [Int], coefficients: inout [Double]) {
    let first = symbols.count
    // Most rows come sorted (a constraint's two or three terms): no sorted copy for them.
    let ascending = zip(terms, terms.dropFirst()).allSatisfy { $0.symbol <= $1.symbol }
    for term in ascending ? terms : terms.sorted(by: { $0.symbol < $1.symbol }) {
        if symbols.count > first, symbols[symbols.count - 1] == term.symbol {
            coefficients[coefficients.count - 1] += term.coefficient
        } else {
            symbols.append(term.symbol)
            coefficients.append(term.coefficient)
        }
    }
    var kept = first
    for index in first..<symbols.count where !nearZero(coefficients[index]) {
        symbols[kept] = symbols[index]
        coefficients[kept] = coefficients[index]
        kept += 1
    }
    symbols.removeLast(symbols.count - kept)
    coefficients.removeLast(coefficients.count - kept)
}

/// What a tableau symbol stands for. Externals are the frame variables and are unrestricted in sign;
/// all other symbols are restricted to `>= 0`.
enum SymbolKind: UInt8 {
    /// A frame variable (x, y, width, height, baselines of an item).
    case external
    /// The slack of an inequality: `expr - slack == 0`, `slack >= 0`.
    case slack
    /// A violation of an optional constraint; the objectives minimise these.
    case error
    /// A temporary variable of phase one when a required row has no feasible subject.
    case artificial
    /// A root pin's parameter (`PinParameter`): frozen at zero, never entering and never solved for.
    case parameter
}

/// A sparse linear form `constant + sum(coefficient * symbol)` with symbols sorted ascending.
///
/// In the tableau a row reads `basic = constant + sum(...)` over nonbasic symbols; a row being
/// added reads `0 = constant + sum(...)`; an objective reads `cost = constant + sum(...)`.
struct Row {
    var constant: Double
    /// Ascending, no duplicates.
    var symbols: [Int]
    /// Parallel to `symbols`; never near zero.
    var coefficients: [Double]

    init(constant: Double = 0) {
        self.constant = constant
        self.symbols = []
        self.coefficients = []
    }

    /// Builds a row from unsorted terms, summing duplicates and dropping zeros.
    init(constant: Double, terms: [(symbol: Int, coefficient: Double)]) {
        self.constant = constant
        self.symbols = []
        self.coefficients = []
        symbols.reserveCapacity(terms.count)
        coefficients.reserveCapacity(terms.count)
        appendNormalized(terms, symbols: &symbols, coefficients: &coefficients)
    }

    var isEmpty: Bool { symbols.isEmpty }

    /// This form with each symbol that `definition` gives a row for replaced by that row (`symbol =
    /// row`). The terms are gathered and summed in one sort, so reaching many long rows costs their
    /// total length once, not once per row.
    func replacing(_ definition: (Int) -> Row?) -> Row {
        var constant = self.constant
        var terms: [(symbol: Int, coefficient: Double)] = []
        for (symbol, coefficient) in zip(symbols, coefficients) {
            guard let row = definition(symbol) else {
                terms.append((symbol, coefficient))
                continue
            }
            constant += coefficient * row.constant
            for (other, inner) in zip(row.symbols, row.coefficients) { terms.append((other, coefficient * inner)) }
        }
        return Row(constant: constant, terms: terms)
    }

    /// The position of `symbol` in `symbols`, by binary search.
    func position(of symbol: Int) -> Int? {
        var low = 0
        var high = symbols.count
        while low < high {
            let mid = (low + high) / 2
            if symbols[mid] < symbol { low = mid + 1 } else { high = mid }
        }
        return low < symbols.count && symbols[low] == symbol ? low : nil
    }

    /// The coefficient of `symbol`, zero when absent.
    func coefficient(of symbol: Int) -> Double {
        position(of: symbol).map { coefficients[$0] } ?? 0
    }

    /// `self * factor` (terms that become near zero are dropped, keeping `coefficients`' promise).
    mutating func scale(by factor: Double) {
        constant *= factor
        for index in coefficients.indices { coefficients[index] *= factor }
        removeTerms { _, coefficient in nearZero(coefficient) }
    }

    /// `self + factor * other`, with `skip` removed from the result (the symbol being substituted).
    /// Returns the symbols that appeared, so the caller can keep its column index (disappearing
    /// symbols are left to the index's lazy clean-up).
    ///
    /// The merge runs in place, from the back: the arrays grow by `other`'s length, and writing at the
    /// end never overtakes what is still to be read. No new storage once a row's capacity has grown
    /// (this is the solver's inner loop: fresh arrays per call cost a fifth of a general solve in
    /// malloc and free). Unsafe buffers, because in debug builds `Array` subscripts cost a retain, a
    /// release and a uniqueness check each (measured: 3x).
    mutating func add(_ other: Row, times factor: Double, removing skip: Int = -1) -> [Int] {
        if symbols.count >= 32, other.symbols.count * 8 <= symbols.count {
            return addShort(other, times: factor, removing: skip)
        }
        if skip >= 0 { remove(skip) }
        let aCount = symbols.count
        let bCount = other.symbols.count
        let total = aCount + bCount
        if symbols.capacity < total {
            symbols.reserveCapacity(max(total, 2 * symbols.capacity))
            coefficients.reserveCapacity(max(total, 2 * coefficients.capacity))
        }
        symbols.append(contentsOf: repeatElement(0, count: bCount))
        coefficients.append(contentsOf: repeatElement(0, count: bCount))
        var added: [Int] = []
        // How many entries the result keeps (at the front).
        var resultCount = total
        symbols.withUnsafeMutableBufferPointer { aSymbols in
            coefficients.withUnsafeMutableBufferPointer { aCoefficients in
                other.symbols.withUnsafeBufferPointer { bSymbols in
                    other.coefficients.withUnsafeBufferPointer { bCoefficients in
                        var i = aCount - 1
                        var j = bCount - 1
                        var write = total - 1
                        while j >= 0 {
                            let a = i >= 0 ? aSymbols[i] : Int.min
                            let b = bSymbols[j]
                            var symbol = a
                            var value: Double
                            if a > b {
                                value = aCoefficients[i]
                                i -= 1
                            } else if b > a {
                                symbol = b
                                value = factor * bCoefficients[j]
                                j -= 1
                                if symbol != skip, !nearZero(value) { added.append(symbol) }
                            } else {
                                value = aCoefficients[i] + factor * bCoefficients[j]
                                i -= 1
                                j -= 1
                            }
                            if symbol == skip || nearZero(value) { continue }
                            aSymbols[write] = symbol
                            aCoefficients[write] = value
                            write -= 1
                        }
                        // `self`'s entries below every one of `other`'s stay as they are (`skip` is
                        // out of `self` already): a long row takes a short definition unscanned.
                        let kept = i + 1
                        let length = total - (write + 1)
                        if kept < write + 1, length > 0 {
                            (aSymbols.baseAddress! + kept).update(from: aSymbols.baseAddress! + write + 1, count: length)
                            (aCoefficients.baseAddress! + kept).update(from: aCoefficients.baseAddress! + write + 1, count: length)
                        }
                        resultCount = kept + length
                    }
                }
            }
        }
        symbols.removeLast(total - resultCount)
        coefficients.removeLast(total - resultCount)
        constant += factor * other.constant
        added.reverse()
        return added
    }

    /// `add` of a row much shorter than this one: a long row (a stack's length, the canvas fit's
    /// error) takes a pivot's few terms, and merging from the back would rewrite its whole tail for
    /// them. Here each of `other`'s terms is found by binary search and its sum written in place; the
    /// terms that appear or vanish move only the runs of entries between them, each in one copy, and
    /// where as many appear as vanish (the entering symbol out, the leaving one in) the entries beyond
    /// stay put. The sums are `add`'s, term for term.
    private mutating func addShort(_ other: Row, times factor: Double, removing skip: Int) -> [Int] {
        var added: [Int] = []
        // Positions in the row as it stands: where a term vanishes, and where one appears (before
        // the entry there), each ascending.
        var vanishing: [Int] = skip >= 0 ? position(of: skip).map { [$0] } ?? [] : []
        var appearing: [(position: Int, symbol: Int, coefficient: Double)] = []
        var low = 0
        for (symbol, coefficient) in zip(other.symbols, other.coefficients) where symbol != skip {
            var high = symbols.count
            while low < high {
                let mid = (low + high) / 2
                if symbols[mid] < symbol { low = mid + 1 } else { high = mid }
            }
            if low < symbols.count, symbols[low] == symbol {
                let value = coefficients[low] + factor * coefficient
                if nearZero(value) { vanishing.append(low) } else { coefficients[low] = value }
            } else if !nearZero(factor * coefficient) {
                appearing.append((low, symbol, factor * coefficient))
                added.append(symbol)
            }
        }
        constant += factor * other.constant
        guard !vanishing.isEmpty || !appearing.isEmpty else { return added }
        vanishing.sort()
        let oldCount = symbols.count
        let newCount = oldCount + appearing.count - vanishing.count
        if newCount > oldCount {
            symbols.append(contentsOf: repeatElement(0, count: newCount - oldCount))
            coefficients.append(contentsOf: repeatElement(0, count: newCount - oldCount))
        }
        // The row's runs between the places that change, each with how far it moves, and where the
        // appearing terms land; at one position the appearing term goes before the entry there.
        var runs: [(start: Int, end: Int, shift: Int)] = []
        var landing: [Int] = []
        var (start, shift, v) = (0, 0, 0)
        for term in appearing {
            while v < vanishing.count, vanishing[v] < term.position {
                runs.append((start, vanishing[v], shift))
                (start, shift, v) = (vanishing[v] + 1, shift - 1, v + 1)
            }
            runs.append((start, term.position, shift))
            landing.append(term.position + shift)
            (start, shift) = (term.position, shift + 1)
        }
        for position in vanishing[v...] {
            runs.append((start, position, shift))
            (start, shift) = (position + 1, shift - 1)
        }
        runs.append((start, oldCount, shift))
        symbols.withUnsafeMutableBufferPointer { symbolBuffer in
            coefficients.withUnsafeMutableBufferPointer { coefficientBuffer in
                let (symbolBase, coefficientBase) = (symbolBuffer.baseAddress!, coefficientBuffer.baseAddress!)
                func move(_ run: (start: Int, end: Int, shift: Int)) {
                    guard run.shift != 0, run.end > run.start else { return }
                    // A run may overlap where it lands; `moveInitialize` copies overlapping memory
                    // either way, and the elements are trivial.
                    (symbolBase + run.start + run.shift).moveInitialize(from: symbolBase + run.start, count: run.end - run.start)
                    (coefficientBase + run.start + run.shift).moveInitialize(from: coefficientBase + run.start, count: run.end - run.start)
                }
                // Runs moving left, from the front, then runs moving right, from the back: neither
                // writes where a run still to move is read.
                for run in runs where run.shift < 0 { move(run) }
                for run in runs.reversed() where run.shift > 0 { move(run) }
                for (term, position) in zip(appearing, landing) {
                    symbolBase[position] = term.symbol
                    coefficientBase[position] = term.coefficient
                }
            }
        }
        if newCount < oldCount {
            symbols.removeLast(oldCount - newCount)
            coefficients.removeLast(oldCount - newCount)
        }
        return added
    }

    /// Removes every term `drop` accepts (a zero coefficient, a symbol fixed at zero from now on) in
    /// one pass, in place, keeping the order; returns how many.
    @discardableResult
    mutating func removeTerms(where drop: (_ symbol: Int, _ coefficient: Double) -> Bool) -> Int {
        var kept = 0
        for index in symbols.indices where !drop(symbols[index], coefficients[index]) {
            symbols[kept] = symbols[index]
            coefficients[kept] = coefficients[index]
            kept += 1
        }
        let removed = symbols.count - kept
        symbols.removeLast(removed)
        coefficients.removeLast(removed)
        return removed
    }

    /// Removes one symbol (its value is fixed at zero from now on).
    mutating func remove(_ symbol: Int) {
        if let index = position(of: symbol) {
            symbols.remove(at: index)
            coefficients.remove(at: index)
        }
    }
}
