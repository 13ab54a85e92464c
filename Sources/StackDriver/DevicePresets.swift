/// A screen to lay a file out on: the size UIKit gives a full-screen view, in points, and the safe
/// area's insets, per orientation.
public struct Device: Hashable, Sendable {
    /// `iphone-pro`, `ipad-13-landscape`.
    public var name: String
    public var width: Double
    public var height: Double
    /// Top, left, bottom, right.
    public var safeArea: (top: Double, left: Double, bottom: Double, right: Double)

    /// The container for a layout on this device: the whole screen, or its safe area.
    public func container(safeArea inside: Bool) -> (width: Double, height: Double) {
        guard inside else { return (width, height) }
        return (width - safeArea.left - safeArea.right, height - safeArea.top - safeArea.bottom)
    }

    public static func == (a: Device, b: Device) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Current iPhones and iPads, portrait then landscape: iPhone SE (3rd generation), iPhone 16,
    /// iPhone 16 Pro, iPhone 16 Pro Max, iPad Pro 11-inch and 13-inch (M4). Safe areas as UIKit reports
    /// them for a full-screen view: the status bar or sensor housing and the home indicator.
    public static let presets: [Device] = {
        let portrait: [(String, Double, Double, (Double, Double, Double, Double), (Double, Double, Double, Double))] = [
            ("iphone-se", 375, 667, (20, 0, 0, 0), (0, 0, 0, 0)),
            ("iphone", 393, 852, (59, 0, 34, 0), (0, 59, 21, 59)),
            ("iphone-pro", 402, 874, (62, 0, 34, 0), (0, 62, 21, 62)),
            ("iphone-pro-max", 440, 956, (62, 0, 34, 0), (0, 62, 21, 62)),
            ("ipad-11", 834, 1210, (24, 0, 20, 0), (24, 0, 20, 0)),
            ("ipad-13", 1032, 1376, (24, 0, 20, 0), (24, 0, 20, 0)),
        ]
        let upright = portrait.map { Device(name: $0.0, width: $0.1, height: $0.2, safeArea: $0.3) }
        let turned = portrait.map { Device(name: $0.0 + "-landscape", width: $0.2, height: $0.1, safeArea: $0.4) }
        return upright + turned
    }()

    /// The devices a `--device` value names (comma-separated names, or `all`); nil for an unknown name.
    public static func named(_ text: String) -> [Device]? {
        if text == "all" { return presets }
        var result: [Device] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let device = presets.first(where: { $0.name == name }) else { return nil }
            if !result.contains(device) { result.append(device) }
        }
        return result.isEmpty ? nil : result
    }
}
