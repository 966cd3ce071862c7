import Foundation
import Synchronization
import Testing
import TestSupport
@testable import HTTPServer

/// The access log's writer, on real descriptors: full buffers reach the descriptor in the order
/// they were handed over, only their lines; a descriptor that refuses bytes loses lines, never the
/// caller; a caller that logs faster than the descriptor takes its lines waits, with at most
/// `mostWaiting` buffers held. Every call that may wait runs on a thread of its own.
@Suite struct AccessLogWriterTests {
    /// A pipe's two ends, closed when it goes.
    final class Pipe: Sendable {
        let reading: Int32
        let writing: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            (reading, writing) = (ends[0], ends[1])
        }

        deinit {
            close(reading)
            close(writing)
        }

        /// Reads until `count` bytes came (blocking: call it on a thread of its own).
        func readBytes(_ count: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var offset = 0
            while offset < count {
                let got = bytes.withUnsafeMutableBytes { read(reading, $0.baseAddress! + offset, count - offset) }
                guard got > 0 else { break }
                offset += got
            }
            return Array(bytes[..<offset])
        }
    }

    @Test func buffersAreWrittenInTheOrderHandedOverAndOnlyTheirLines() async throws {
        let pipe = try Pipe()
        let writer = AccessLogWriter(descriptor: pipe.writing)
        let lines = (0..<40).map { "line \($0)\n" }
        await DedicatedThread.run {
            for line in lines {
                // Room already made after the line, which must not be written.
                let buffer = Array(line.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 32)
                writer.enqueue(buffer, count: line.utf8.count)
            }
            writer.waitUntilWritten()
        }
        let expected = lines.joined()
        let written = await DedicatedThread.run { pipe.readBytes(expected.utf8.count) }
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    @Test func writtenBuffersComeBackForReuseAtMostAsManyAsMayWait() async throws {
        let pipe = try Pipe()
        let writer = AccessLogWriter(descriptor: pipe.writing)
        #expect(writer.takeSpare().isEmpty, "none written yet")
        await DedicatedThread.run {
            for index in 0..<6 { writer.enqueue([UInt8](repeating: UInt8(ascii: "a"), count: 100 + index), count: 1) }
            writer.waitUntilWritten()
        }
        let spares = (0...AccessLogWriter.mostWaiting).map { _ in writer.takeSpare() }
        #expect(spares.prefix(AccessLogWriter.mostWaiting).allSatisfy { $0.count >= 100 }, "their room kept")
        #expect(spares.last?.isEmpty == true, "no more kept than may wait")
        _ = await DedicatedThread.run { pipe.readBytes(6) }
    }

    /// `/dev/full` refuses every byte (ENOSPC): the lines are lost, the writer goes on, and the
    /// buffer still comes back.
    @Test func aDescriptorThatRefusesBytesLosesTheLinesNotTheWriter() async throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let writer = AccessLogWriter(descriptor: full)
        await DedicatedThread.run {
            for _ in 0..<5 { writer.enqueue(Array("lost\n".utf8), count: 5) }
            writer.waitUntilWritten()
        }
        #expect(writer.takeSpare() == Array("lost\n".utf8))
    }

    /// Nobody reads the pipe: the first buffer's `write(2)` stops once the pipe is full, the next
    /// waits its turn, and the one after that is not taken until the reader makes room.
    @Test func aCallerFasterThanTheDescriptorWaitsWithAtMostTwoBuffersHeld() async throws {
        let pipe = try Pipe()
        let writer = AccessLogWriter(descriptor: pipe.writing)
        let size = 256 * 1024
        let handedOver = Atomic<Int>(0)
        let handing = Task {
            await DedicatedThread.run {
                for _ in 0...AccessLogWriter.mostWaiting {
                    writer.enqueue([UInt8](repeating: UInt8(ascii: "z"), count: size), count: size)
                    handedOver.add(1, ordering: .relaxed)
                }
            }
        }
        for _ in 0..<100 where handedOver.load(ordering: .relaxed) < AccessLogWriter.mostWaiting {
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(handedOver.load(ordering: .relaxed) == AccessLogWriter.mostWaiting, "the third waits for room")
        let total = (AccessLogWriter.mostWaiting + 1) * size
        let read = await DedicatedThread.run { pipe.readBytes(total) }
        await handing.value
        #expect(handedOver.load(ordering: .relaxed) == AccessLogWriter.mostWaiting + 1)
        #expect(read.count == total)
        await DedicatedThread.run { writer.waitUntilWritten() }
    }
}
