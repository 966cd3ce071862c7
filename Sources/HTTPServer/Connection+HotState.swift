extension Connection {
    /// The state every request reads and changes several times, held in an allocation of the
    /// connection's own rather than in stored properties. A class's stored property is checked
    /// for exclusive access at run time on every access (about 80 instructions each) as soon as
    /// one access to it is held across a call the optimiser cannot see into; these three were,
    /// some twenty times a request. Reached through a pointer, they are not checked: only the
    /// loop's thread touches them, and no access to one of them reaches the connection again
    /// (they hold parsing, array changes and byte copies, never the responder, a reply or a log).
    struct HotState {
        var parser: RequestParser
        /// Requests (and interim responses) in arrival order; index 0 is the next to be written.
        var exchanges: [Exchange] = []
        var output: [UInt8] = []
    }

    var parser: RequestParser {
        _read { yield hot.pointee.parser }
        _modify { yield &hot.pointee.parser }
    }

    /// Requests (and interim responses) in arrival order; index 0 is the next to be written.
    var exchanges: [Exchange] {
        _read { yield hot.pointee.exchanges }
        _modify { yield &hot.pointee.exchanges }
    }

    /// Response bytes not yet written to the socket, from `outputOffset`.
    var output: [UInt8] {
        _read { yield hot.pointee.output }
        _modify { yield &hot.pointee.output }
    }
}
