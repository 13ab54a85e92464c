// Snapshot tests of the package's .stack layouts at two phone widths. The snapshots are in
// __Snapshots__/CardLayoutTests/, one file per layout and width; STACKC_RECORD=1 records them again.
import StackTesting
import Testing

@Test func profileCard() throws {
    try assertLayout("../../Sources/PluginDemo/Profile/card.stack", widths: [320, 390], named: "profile")
}

@Test func settingsCard() throws {
    try assertLayout("../../Sources/PluginDemo/Settings/card.stack", widths: [320, 390], named: "settings")
}
