import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The reading end of a pipe from a child's standard output or error, closed when released.
/// Every read blocks a thread of its own (`DedicatedThread`), never one of Swift's cooperative
/// pool; one read at a time.
public final class ChildOutput: Sendable {
    private let fd: Int32

    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Everything up to the end of the stream (the child, and whatever it passed the pipe on to,
    /// has closed it).
    public func readToEnd() async -> Data {
        await DedicatedThread.run { [self] in
            var data = Data()
            while case let chunk = readChunk(), !chunk.isEmpty { data.append(chunk) }
            return data
        }
    }

    /// What one read returns: whatever is in the pipe once something is; empty at the end.
    public func readAvailable() async -> Data {
        await DedicatedThread.run { [self] in readChunk() }
    }

    /// The next line without its newline; empty at the end. Read a byte at a time, so nothing
    /// after the line is consumed.
    public func readLine() async -> String {
        await DedicatedThread.run { [self] in
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while line.last != UInt8(ascii: "\n"), readRetryingInterrupts(&byte, 1) == 1 { line.append(byte) }
            return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
        }
    }

    private func readChunk() -> Data {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { readRetryingInterrupts($0.baseAddress, $0.count) }
        return Data(buffer.prefix(max(count, 0)))
    }

    private func readRetryingInterrupts(_ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        var result: Int
        repeat { result = read(fd, buffer, count) } while result == -1 && errno == EINTR
        return result
    }
}
