/// The numbers a layout may hold: finite and at most 10^12 in magnitude, in a literal, in the result of
/// arithmetic, and on the command line. Far past any screen, and small enough that the solvers'
/// tolerance (1e-6) still means something at that size; a number outside it is an error, shown as written.
public enum NumberRange {
    /// The largest magnitude allowed.
    public static let maximumMagnitude: Double = 1e12

    /// Whether `value` is finite and within `maximumMagnitude`.
    public static func contains(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= maximumMagnitude
    }

    /// A number's text as written, for a message: in full, unless it is longer than a line, when its
    /// ends and its length are shown.
    public static func quoted(_ text: some StringProtocol) -> String {
        guard text.count > 500 else { return "'\(text)'" }
        return "'\(text.prefix(30))...\(text.suffix(10))' (\(text.count) characters)"
    }
}
