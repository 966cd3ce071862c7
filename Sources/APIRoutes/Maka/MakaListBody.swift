import HTTPServer
import Wire

/// The body of a Maka list answer, `{"code":200,"msg":"ok","data":[…],"page":{"index","size",
/// "total","hasMore"}}` (`Envelope.maka(data:)`'s envelope with the page object after `data`),
/// written element by element straight into the output: a page builds no `JSON` tree
/// around its items, and pre-encoded items are copied once, from where the store holds them.
struct MakaListBody {
    private var bytes: [UInt8]
    private var isEmpty = true

    /// Room for a public-feed item and its comma: the seeded items take 300–363 bytes.
    static let feedItemBytes = 384
    /// Room for the envelope and the page object around the items.
    private static let frameBytes = 128
    /// The envelope up to the first element.
    private static let opening: StaticString = #"{"code":200,"msg":"ok","data":["#

    /// Starts the body, with room for `count` items of about `itemBytes` each, so writing a page
    /// grows the buffer once at most.
    init(roomFor count: Int, itemsOf itemBytes: Int) {
        bytes = []
        bytes.reserveCapacity(Self.frameBytes + count * itemBytes)
        bytes.append(static: Self.opening)
    }

    /// The answer for a page of elements that are already JSON text: `read` lends them in runs of
    /// one or more joined by commas (each valid only during the call) and returns the total. Each
    /// run is appended whole, into a buffer with room for `paging.size` elements of `elementBytes`.
    static func response(_ paging: MakaPaging, elementBytes: Int,
                         reading read: (_ run: (UnsafeBufferPointer<UInt8>) -> Void) throws -> Int) throws -> HTTPResponse {
        var body = MakaListBody(roomFor: paging.size, itemsOf: elementBytes)
        let total = try read { run in
            body.separate()
            body.bytes.append(contentsOf: run)
        }
        return body.response(paging, total: total)
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
