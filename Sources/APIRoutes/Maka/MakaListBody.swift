import HTTPServer
import Wire

/// The body of a Maka list answer, `{"code":200,"msg":"ok","data":[…],"page":{"index","size",
/// "total","hasMore"}}` (`Envelope.maka(data:)`'s envelope with the page object after `data`),
/// written element by element straight into the output: a page builds no `JSON` tree
/// around its items, and a pre-encoded item is copied once, from where SQLite holds it.
struct MakaListBody {
    private var bytes: [UInt8] = []
    private var isEmpty = true

    /// Room for a public-feed item and its comma: the seeded items take 300–363 bytes.
    static let feedItemBytes = 384
    /// Room for the envelope and the page object around the items.
    private static let frameBytes = 128

    /// Starts the body, with room for `count` items of about `itemBytes` each, so writing a page
    /// grows the buffer once at most.
    init(roomFor count: Int, itemsOf itemBytes: Int) {
        bytes.reserveCapacity(Self.frameBytes + count * itemBytes)
        bytes.append(static: #"{"code":200,"msg":"ok","data":["#)
    }

    /// Appends one element that is already JSON text.
    mutating func append(element: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(contentsOf: element)
    }

    /// Appends one element as `write` writes it.
    mutating func append(writing write: (inout [UInt8]) throws -> Void) rethrows {
        separate()
        try write(&bytes)
    }

    /// The answer: the array closed, then the page object of `paging` with `total` items in all.
    mutating func response(_ paging: MakaPaging, total: Int) -> HTTPResponse {
        bytes.appendMember(#"],"page":{"index":"#, integer: paging.index)
        bytes.appendMember(#","size":"#, integer: paging.size)
        bytes.appendMember(#","total":"#, integer: total)
        bytes.append(static: paging.index * paging.size < total ? #","hasMore":true}}"# : #","hasMore":false}}"#)
        return .json(bytes)
    }

    private mutating func separate() {
        if isEmpty {
            isEmpty = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
    }
}
