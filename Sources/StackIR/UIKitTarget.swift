/// Which UIKit's constraint sets the lowering reproduces.
///
/// `current` follows `shared/uikit-current.md` (today's UIKit, decompiled iOS 26): hidden items
/// leave the required chain (`hiding` at 999.999, `spacing-hidden` at 50), code-created stacks have
/// zero layout margins, a view without a baseline aligns by its top or bottom in a baseline row, the
/// gap distributions hug their length at 49, and fillProportionally and equalCentering count
/// priorities by arranged index. `iOS9` reproduces seed 000's listings (iOS 9/10), which the
/// golden fixtures were translated from.
///
/// `current` is the default: apps ship against today's SDK, and stackc's frames are meant to be
/// the device's. The two give the same frames for most layouts; they differ where a hidden item has
/// a required size, where `layoutMarginsRelative` is on without `margins`, in baseline rows with
/// views that have no baseline, and where the gap distributions' length is otherwise free.
public enum UIKitTarget: String, Hashable, Sendable, CaseIterable {
    /// Today's UIKit.
    case current
    /// UIKit of iOS 9 and 10, as seed 000 prints it.
    case iOS9 = "9"

    /// The target used when none is asked for.
    public static let `default`: UIKitTarget = .current
}
