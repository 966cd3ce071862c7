extension Duration {
    /// The duration in milliseconds with its fraction, as the journal and captures record waits.
    /// One read of `components` (each read divides a 128-bit count of attoseconds; the journal
    /// asks for every request).
    var inMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
