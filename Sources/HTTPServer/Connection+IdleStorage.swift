extension Connection {
    /// Output storage larger than this is freed once drained instead of kept for the next answer.
    static let keptOutputCapacity = 64 * 1024

    /// Before an answer is serialised: a connection holding no output storage borrows the
    /// loop's spare, so a keep-alive connection allocates none per answer.
    func borrowSpareOutput() {
        guard output.capacity == 0 else { return }
        swap(&output, &loop.spareOutput)
    }

    /// Everything written: the output storage goes back to the loop for the next answer (this
    /// connection's or another's), or is freed when the loop holds a spare already (a partial
    /// write kept this one) or it grew large. An idle keep-alive connection then holds none.
    func returnDrainedOutput() {
        guard output.capacity > 0 else { return }
        output.removeAll(keepingCapacity: true)
        if loop.spareOutput.capacity == 0, output.capacity <= Connection.keptOutputCapacity {
            swap(&output, &loop.spareOutput)
        } else {
            output = []
        }
    }

    /// From the loop's sweep: a connection sitting idle between requests frees the exchange
    /// queue's and the parser's storage; a busy keep-alive connection allocates them again at
    /// most once a sweep.
    func releaseStorageIfIdle() {
        guard exchanges.capacity > 0, idleSince != nil else { return }
        exchanges = []
        parser.releaseStorage()
    }
}
