extension DiagnosticID {
    /// The long explanation `stackc explain` prints.
    public var explanation: String { title }
}
