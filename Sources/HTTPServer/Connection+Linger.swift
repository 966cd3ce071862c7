extension Connection {
    /// A staged close (nginx's lingering close), once the closing answer has been written:
    /// closing a socket whose receive buffer still holds bytes makes the kernel send a RST, and
    /// a client still sending (an oversized upload, a huge request line) then loses the answer.
    /// So: shut our side for writing (the client reads the answer and an end of file), read and
    /// drop whatever it still sends, and close when it closes, after `Timeouts.lingerQuiet`
    /// without a byte, after `Timeouts.linger` in all, or after `Timeouts.lingerBytes` bytes. A
    /// client that already closed its side is closed at once.
    func startLingering() {
        guard !isClosed, !isLingering else { return }
        guard !peerFinished else {
            close(reset: false)
            return
        }
        isLingering = true
        acceptsRequests = false
        reportAbandonedExchanges()
        releaseBodyReservation()
        parser = RequestParser(limits: loop.context.configuration.limits)
        Socket.shutdownWrite(fd)
        var machine = self.machine
        machine.lingerStarted(now: .now())
        self.machine = machine
        updateReading()
    }

    /// Reads and drops what a lingering client sends; a few reads per wake-up so one fast
    /// sender cannot hold the loop.
    func discardWhileLingering() {
        for _ in 0..<16 {
            switch Socket.read(fd, into: loop.readBuffer) {
            case .bytes(let count):
                if machine.lingerDiscarded(count, now: .now()) == .close {
                    close(reset: false)
                    return
                }
            case .wouldBlock:
                return
            case .endOfFile, .failed:
                if machine.lingerPeerClosed() == .close { close(reset: false) }
                return
            }
        }
    }
}
