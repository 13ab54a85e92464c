import StackIR

/// A pin's parameter: the symbol its row carries (`pin - value - symbol == 0`), frozen at zero, so
/// that `Tableau.moveParameter` can move the pin after the solve: the root's size to another
/// (KeptSolve.swift), or a hub stack's free length to where the layout takes it (HubWalk.swift).
struct PinParameter {
    var symbol: Int
    var axis: Axis
    /// The pin's value the solve holds.
    var value: Double
    /// The item whose length along `axis` the pin holds: the root (0) for a size asked for, or a hub
    /// whose length the layout decides, which the solve walks (the root too, at natural size). A
    /// resize moves the root's pin either way: held at the size asked for, the solve is that size's.
    var item = 0
    /// A hub's pin, which the solve walks (HubWalk.swift), not a size asked for.
    var walked = false
}

/// Makes the root's pin along `axis` in `constraints`, when there is one, carry parameter `symbol`.
func addParameter(to constraints: inout [LinearConstraint], axis: Axis, width: Double?, height: Double?, symbol: Int)
    -> PinParameter? {
    let pin: RootPin = axis == .horizontal ? .width : .height
    guard let value = axis == .horizontal ? width : height,
          let index = constraints.firstIndex(where: { $0.source == .rootPin(pin) }) else { return nil }
    _ = constraints[index].expression.add(Row(constant: 0, terms: [(symbol, -1)]), times: 1)
    return PinParameter(symbol: symbol, axis: axis, value: value)
}

/// Pins the free length of `item` (a hub stack, HubWalk.swift) along `axis` at `length` in
/// `constraints`, the pin carrying parameter `symbol`, for the solve to walk to the length the layout
/// takes. The pin goes after the root's own pins (`linearize` puts them first).
func addWalkedPin(to constraints: inout [LinearConstraint], item: Int, axis: Axis, length: Double, symbol: Int) -> PinParameter {
    let row = Row(constant: -length, terms: [(axis.length.symbol(of: item), 1), (symbol, -1)])
    let pin = LinearConstraint(expression: row, isEquality: true, priority: 1000, source: .walkedLength(item: item))
    let pins = constraints.prefix { if case .rootPin = $0.source { true } else { false } }.count
    constraints.insert(pin, at: pins)
    return PinParameter(symbol: symbol, axis: axis, value: length, item: item, walked: true)
}

/// `constraints` without the parameters' terms: the pins as written.
func removingParameters(_ parameters: [PinParameter], from constraints: [LinearConstraint]) -> [LinearConstraint] {
    guard !parameters.isEmpty else { return constraints }
    return constraints.map { constraint in parameters.reduce(constraint) { $0.removing($1.symbol) } }
}

extension Solver {
    /// Moves the pin of `parameters[index]` to `value` after `breakTies` (Tableau.moveParameter), then
    /// restores the optimum of every stage where the moved basis does not hold it (`Tableau.reoptimize`):
    /// the solve as at that value. `sameFace`: the basis held, and the optimal face kept its shape;
    /// `sameFreedom`: and what moves on it too (`Tableau.moveParameter`).
    /// Not `moved` when the pin is pinned by another row, the constraints cannot hold at the value,
    /// or the pivot limit is hit; the solver is then half moved, for the caller to drop.
    mutating func move(_ index: Int, to value: Double) -> (moved: Bool, sameFace: Bool, sameFreedom: Bool) {
        let parameter = parameters[index]
        let delta = value - parameter.value
        let move = tableau.moveParameter(parameter.symbol, by: delta)
        guard move.moved else { return (false, false, false) }
        parameters[index].value = value
        elimination?.moveParameter(parameter.symbol, by: delta)
        if !move.sameFace {
            guard tableau.reoptimize(stages: &stages) else { return (false, false, false) }
        }
        return move
    }
}
