/// A list of fields as one block of bytes that needs no object to hold it: its count, its known
/// names' bits, and its table and field lines as `ReceivedHeaderFields` lays them out. The
/// journal copies each request's lists so into its pending records on the event loop, where
/// holding the lists themselves kept every request's objects alive until the writer was done
/// with them, and read back, a list is received fields again, whichever form it was written in.
extension HTTPHeaders {
    /// The bytes `writeFlat` writes: three `UInt32`s, then the layout.
    package var flatLength: Int {
        12 + (received.map { $0.withLayout { $0.count } } ?? ReceivedHeaderFields.layoutLength(of: written))
    }

    /// Writes the list at `destination`, `flatLength` bytes.
    package func writeFlat(to destination: UnsafeMutableRawPointer) {
        destination.storeBytes(of: UInt32(truncatingIfNeeded: count), as: UInt32.self)
        destination.storeBytes(of: knownNames, toByteOffset: 4, as: UInt32.self)
        let layout = destination + 12
        let length: Int
        if let received {
            length = received.withLayout { bytes in
                if let source = bytes.baseAddress, !bytes.isEmpty { layout.copyMemory(from: source, byteCount: bytes.count) }
                return bytes.count
            }
        } else {
            length = ReceivedHeaderFields.layoutLength(of: written)
            ReceivedHeaderFields.writeLayout(of: written, to: layout)
        }
        destination.storeBytes(of: UInt32(truncatingIfNeeded: length), toByteOffset: 8, as: UInt32.self)
    }

    /// The length of the flat list that starts `flat`, as `writeFlat` wrote it.
    package static func flatLength(at flat: UnsafeRawBufferPointer) -> Int {
        12 + Int(flat.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
    }

    /// The list `writeFlat` wrote at the start of `flat`, as received fields.
    package init(flat: UnsafeRawBufferPointer) {
        let count = Int(flat.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        let knownNames = flat.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
        let length = Int(flat.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard count > 0 else {
            self.init()
            return
        }
        let layout = UnsafeRawBufferPointer(rebasing: flat[12..<(12 + length)])
        self.init(received: ReceivedHeaderFields(layout: layout, count: count), knownNames: knownNames)
    }
}
