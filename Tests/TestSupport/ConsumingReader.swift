import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A request a `consume` upstream read: its head exactly as sent (up to the blank line), and its
/// de-chunked body's length and FNV-1a digest (`ConsumedRequest.digest`), the body itself dropped.
public struct ConsumedRequest: Sendable, Equatable {
    public var head: String
    public var bodyCount: Int
    public var bodyDigest: UInt64

    public init(head: String, bodyCount: Int, bodyDigest: UInt64) {
        self.head = head
        self.bodyCount = bodyCount
        self.bodyDigest = bodyDigest
    }

    /// The 64-bit FNV-1a digest of `bytes`, continuing from `digest`.
    public static func digest(_ bytes: some Collection<UInt8>, continuing digest: UInt64 = 0xcbf29ce484222325) -> UInt64 {
        // Over contiguous memory where there is some: a debug build's generic iteration is slow.
        let contiguous = bytes.withContiguousStorageIfAvailable { Self.digest(buffer: $0, continuing: digest) }
        return contiguous ?? Self.digest(buffer: Array(bytes), continuing: digest)
    }

    private static func digest(buffer: UnsafeBufferPointer<UInt8>, continuing digest: UInt64) -> UInt64 {
        var digest = digest
        guard let base = buffer.baseAddress else { return digest }
        for index in 0..<buffer.count { digest = (digest ^ UInt64(base[index])) &* 0x100000001b3 }
        return digest
    }

    private static func digest(buffer bytes: [UInt8], continuing digest: UInt64) -> UInt64 {
        bytes.withUnsafeBufferPointer { Self.digest(buffer: $0, continuing: digest) }
    }
}

/// Reads requests from a blocking socket one at a time: the head, then the body by
/// `Content-Length` or chunked coding, digesting the body as it arrives instead of keeping it.
struct ConsumingReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(fd: Int32) { self.fd = fd }

    /// The next request; nil when the peer closed or broke the framing.
    mutating func next() -> ConsumedRequest? {
        guard let headBytes = line(through: Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: headBytes, as: UTF8.self)
        var request = ConsumedRequest(head: head, bodyCount: 0, bodyDigest: ConsumedRequest.digest([]))
        let fields = head.lowercased().split(separator: "\r\n")
        if fields.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) {
            while true {
                guard let sizeLine = line(through: Array("\r\n".utf8)) else { return nil }
                let digits = String(decoding: sizeLine.dropLast(2), as: UTF8.self).split(separator: ";")[0]
                guard let size = Int(digits, radix: 16) else { return nil }
                if size == 0 {
                    guard line(through: Array("\r\n".utf8)) != nil else { return nil }
                    return request
                }
                guard digestBody(size, into: &request), line(through: Array("\r\n".utf8)) == [13, 10] else { return nil }
            }
        }
        let length = fields.first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return digestBody(length, into: &request) ? request : nil
    }

    /// Reads `count` body bytes into the request's length and digest.
    private mutating func digestBody(_ count: Int, into request: inout ConsumedRequest) -> Bool {
        var remaining = count
        while remaining > 0 {
            if buffer.isEmpty && !fill() { return false }
            let taken = min(remaining, buffer.count)
            request.bodyDigest = ConsumedRequest.digest(buffer[0..<taken], continuing: request.bodyDigest)
            request.bodyCount += taken
            buffer.removeFirst(taken)
            remaining -= taken
        }
        return true
    }

    /// The bytes up to and including the first `terminator`.
    private mutating func line(through terminator: [UInt8]) -> [UInt8]? {
        var searched = 0
        while true {
            if buffer.count >= terminator.count {
                for start in max(0, searched - terminator.count + 1)...(buffer.count - terminator.count)
                    where buffer[start..<(start + terminator.count)].elementsEqual(terminator) {
                    let line = Array(buffer[0..<(start + terminator.count)])
                    buffer.removeFirst(line.count)
                    return line
                }
                searched = buffer.count
            }
            guard fill() else { return nil }
        }
    }

    private mutating func fill() -> Bool {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }
}
