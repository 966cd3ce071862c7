/// A `CONNECT` tunnel's byte copy, once its connection has answered `200`: what the client
/// sends goes to the far end, what the far end sends goes out through the connection's own
/// output. Each direction pauses while the other side does not take bytes (a full far socket
/// stops reading the client; a large unwritten output stops reading the far end). The tunnel
/// is idle-timed like any connection: no byte either way for `idleTimeout` closes it. When the
/// client finishes sending, the far end gets a FIN; when the far end finishes, the connection
/// closes after the last bytes are written.
///
/// Used only on its connection's loop thread, where the far socket is registered too.
final class Tunnel: EventLoopHandler {
    private let far: Int32
    private unowned let connection: Connection
    /// The far socket's place in the loop's poller; nil before `start` and after `close`.
    private var registration: PollerRegistration?
    private var isFarReadSuspended = false
    /// Set only while client bytes wait for the far socket to take them.
    private var isFarWriteArmed = false
    /// Client bytes the far socket has not taken yet.
    private var toFar: [UInt8] = []
    private var toFarOffset = 0
    private var clientFinished = false
    private var isClosed = false
    private let idleTimeout: Duration
    private var lastActivity: MonotonicInstant

    init(far: Int32, connection: Connection, idleTimeout: Duration) {
        self.far = far
        self.connection = connection
        self.idleTimeout = idleTimeout
        lastActivity = .now()
    }

    /// Registers the far socket with the loop and sends the client's early bytes on.
    func start(sending early: [UInt8]) {
        registration = connection.loop.register(far, handler: self, reading: true)
        if !early.isEmpty {
            toFar = early
            writeToFar()
        }
    }

    /// No byte either way for the idle timeout closes the tunnel.
    var deadline: MonotonicInstant { lastActivity + idleTimeout }

    /// The client's bytes are read only while the far end has taken all the earlier ones.
    var wantsClientBytes: Bool { !isClosed && !clientFinished && toFarOffset == toFar.count }

    /// The client's socket is readable (the loop told the connection).
    func clientReadable() {
        switch Socket.read(connection.fd, into: connection.loop.readBuffer) {
        case .bytes(let count):
            lastActivity = .now()
            toFar.append(contentsOf: connection.loop.readBuffer[0..<count])
            writeToFar()
        case .wouldBlock:
            break
        case .endOfFile:
            clientFinished = true
            connection.peerFinished = true
            if toFarOffset == toFar.count { Socket.shutdownWrite(far) }
        case .failed:
            connection.close(reset: false)
            return
        }
        connection.updateReading()
    }

    /// The connection wrote all its output: the far end may be read again.
    func clientDrained() {
        guard isFarReadSuspended, !isClosed else { return }
        isFarReadSuspended = false
        updateFarInterest()
    }

    /// The loop saw the far socket readable (or hung up).
    func socketReadable() {
        guard !isClosed else { return }
        switch Socket.read(far, into: connection.loop.readBuffer) {
        case .bytes(let count):
            lastActivity = .now()
            connection.output.append(contentsOf: connection.loop.readBuffer[0..<count])
            if connection.output.count - connection.outputOffset >= Connection.maxPendingOutput {
                isFarReadSuspended = true
                updateFarInterest()
            }
            connection.flush()
        case .wouldBlock:
            break
        case .endOfFile, .failed:
            isFarReadSuspended = true
            updateFarInterest()
            connection.afterFlush = .close
            connection.flush()
        }
    }

    /// The loop saw the far socket writable while client bytes were waiting.
    func socketWritable() {
        writeToFar()
    }

    private func writeToFar() {
        guard !isClosed else { return }
        while toFarOffset < toFar.count {
            let result = toFar.withUnsafeBytes { Socket.write(far, UnsafeRawBufferPointer(rebasing: $0[toFarOffset...])) }
            switch result {
            case .bytes(let count):
                toFarOffset += count
            case .wouldBlock:
                setFarWriteArmed(true)
                connection.updateReading()
                return
            case .endOfFile, .failed:
                connection.close(reset: false)
                return
            }
        }
        toFar.removeAll(keepingCapacity: toFar.capacity <= 64 * 1024)
        toFarOffset = 0
        setFarWriteArmed(false)
        if clientFinished { Socket.shutdownWrite(far) }
        connection.updateReading()
    }

    private func setFarWriteArmed(_ armed: Bool) {
        guard armed != isFarWriteArmed, !isClosed else { return }
        isFarWriteArmed = armed
        updateFarInterest()
    }

    private func updateFarInterest() {
        guard let registration else { return }
        connection.loop.setInterest(registration, reading: !isFarReadSuspended, writing: isFarWriteArmed)
    }

    /// The connection is closing: the far socket leaves the loop's poller and closes.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let registration { connection.loop.deregister(registration) }
        registration = nil
        Socket.close(far)
    }
}
