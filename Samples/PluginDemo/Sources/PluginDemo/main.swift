// Lays out the layouts the build plugin generated and prints every frame.
import StackRuntime

/// Installs `install` into a fresh container, lays it out and prints `frames`.
@MainActor
func show(_ title: String, install: (UIView) -> Void, frames: () -> [(name: String, frame: CGRect)]) {
    let container = UIView()
    install(container)
    container.layoutIfNeeded()
    print(title)
    for (name, frame) in frames() where !name.contains("#") {
        let numbers = [frame.minX, frame.minY, frame.width, frame.height].map { String(format: "%g", Double($0)) }
        print("  \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(numbers.joined(separator: " "))")
    }
}

let profile = ProfileCardLayout()
show("profileCard (Profile/card.stack)", install: profile.install(in:), frames: profile.frames)

let settings = SettingsCardLayout()
show("settingsCard (Settings/card.stack)", install: settings.install(in:), frames: settings.frames)

// Hiding a row swaps its stack's constraints, as UIStackView does.
let toggled = SettingsCardLayout()
let container = UIView()
toggled.install(in: container)
toggled.setHidden(true, for: .sounds)
container.layoutIfNeeded()
let height = toggled.frames().first { $0.name == "settingsCard" }?.frame.height ?? 0
print("settingsCard with sounds hidden: height \(String(format: "%g", Double(height)))")
