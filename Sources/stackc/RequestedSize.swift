import Foundation
import StackDriver
import StackSyntax

/// One container a layout is solved in: `--width` (each of its widths) with `--height`, or a device
/// (`--device`, the screen or with `--safe-area` its safe area). Nil dimensions keep the root's own
/// or natural size.
struct RequestedSize {
    var width: Double?
    var height: Double?
    /// The device's name, for titles.
    var device: String?

    static let deviceOption = OptionSpec(
        name: "device", takesValue: true, validate: { text in
            Device.named(text) == nil
                ? "--device takes \(Device.presets.map(\.name).joined(separator: ", ")) (several comma-separated, or 'all'), got \(NumberRange.quoted(text))"
                : nil
        }, valueName: "devices",
        help: "Lay out on device screens: iphone-se, iphone, iphone-pro, iphone-pro-max, ipad-11, ipad-13,\neach also -landscape; comma-separated for several, 'all' for every one")
    static let safeAreaOption = OptionSpec(name: "safe-area", takesValue: false, help: "With --device: lay out in the screen's safe area, not the whole screen")

    /// The sizes the options ask for (`[RequestedSize()]` when none); reports and throws exit 2 for a bad one.
    static func parse(_ options: Options, command: String) throws(ExitStatus) -> [RequestedSize] {
        if let text = options.value(deviceOption.name) {
            guard options.value("width") == nil, options.value("height") == nil else {
                Output.error("stackc \(command): error: --device gives the width and height; leave out --width and --height\n")
                throw ExitStatus(ExitCode.usage)
            }
            let inside = options.flag(safeAreaOption.name)
            return (Device.named(text) ?? []).map { device in
                let container = device.container(safeArea: inside)
                return RequestedSize(width: container.width, height: container.height, device: device.name + (inside ? " safe area" : ""))
            }
        }
        if options.flag(safeAreaOption.name) {
            Output.error("stackc \(command): error: --safe-area needs --device\n")
            throw ExitStatus(ExitCode.usage)
        }
        var height: Double?
        if let text = options.value("height") {
            guard let value = LayoutRequest.size(text) else {
                Output.error("stackc \(command): error: --height takes a size from 0 to 1e12, got \(NumberRange.quoted(text))\n")
                throw ExitStatus(ExitCode.usage)
            }
            height = value
        }
        guard let text = options.value("width") else { return [RequestedSize(width: nil, height: height)] }
        var sizes: [RequestedSize] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let value = LayoutRequest.size(trimmed) else {
                Output.error("stackc \(command): error: --width takes sizes from 0 to 1e12 separated by commas; \(NumberRange.quoted(trimmed)) is not one\n")
                throw ExitStatus(ExitCode.usage)
            }
            sizes.append(RequestedSize(width: value, height: height))
        }
        return sizes
    }
}
