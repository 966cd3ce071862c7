extension Duration {
    /// The duration in milliseconds with its fraction, as the journal and captures record waits.
    var inMilliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
