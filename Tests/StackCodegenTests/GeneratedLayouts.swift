import StackRuntime

/// What every generated layout type offers; the generated code does not know this protocol, each
/// type conforms here.
@MainActor
protocol GeneratedLayout: AnyObject {
    func install(in container: UIView)
    func frames() -> [(name: String, frame: CGRect)]
}

extension KeypadLayout: GeneratedLayout {}
extension CardLayout: GeneratedLayout {}
extension ContactLayout: GeneratedLayout {}
extension FixedLayout: GeneratedLayout {}
extension FooterLayout: GeneratedLayout {}
extension NaturalLayout: GeneratedLayout {}
extension SettingsLayout: GeneratedLayout {}
extension SpringboardLayout: GeneratedLayout {}
extension TipLayout: GeneratedLayout {}
extension ToolbarLayout: GeneratedLayout {}

/// The compiled golden code of every sample root, by root name.
@MainActor
let generatedLayouts: [String: () -> any GeneratedLayout] = [
    "keypad": { KeypadLayout() },
    "card": { CardLayout() },
    "contact": { ContactLayout() },
    "fixed": { FixedLayout() },
    "footer": { FooterLayout() },
    "natural": { NaturalLayout() },
    "settings": { SettingsLayout() },
    "springboard": { SpringboardLayout() },
    "tip": { TipLayout() },
    "toolbar": { ToolbarLayout() },
]
