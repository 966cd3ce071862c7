import XCTest
@testable import HTTPServer

/// Valid requests with bytes flipped, dropped and duplicated at seeded-random places: the
/// parser must never trap, and whatever it decides must not depend on how the bytes arrive.
final class ParserMutationTests: XCTestCase {
    private let seeds = [
        "GET /app/events?page=1 HTTP/1.1\r\nHost: api.maka.im\r\nAccept: */*\r\n\r\n",
        "POST /app/user/login HTTP/1.1\r\nHost: h\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\nmobile=13",
        "POST /up HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\nabcd\r\n0\r\nT: v\r\n\r\n",
        "GET http://api.maka.im/app/x HTTP/1.0\r\nConnection: keep-alive\r\n\r\nOPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n",
    ]

    /// SplitMix64, so every run mutates the same way.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private let interestingBytes: [UInt8] = [0, 9, 10, 13, 32, 34, 35, 37, 44, 47, 48, 58, 59, 63, 70, 102, 127, 128, 255]

    func test_mutatedRequests_parseTheSameWhateverTheSplit() {
        let fixture = ParserFixture(limits: HTTPLimits(maxRequestLineBytes: 60, maxHeaderBytes: 120, maxHeaderCount: 4, maxBodyBytes: 16))
        var generator = SeededGenerator(state: 2026)
        var outcomes: [String: Int] = [:]
        for round in 0..<800 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = interestingBytes.randomElement(using: &generator)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(bytes[position], at: position)
                }
                if bytes.isEmpty { bytes = [10] }
            }
            let events = fixture.events(bytes)
            let outcome = events.last.map { event -> String in
                if let error = event.error { return "\(error.status.code)" }
                return event.request == nil ? "continue" : "request"
            } ?? "needMore"
            outcomes[outcome, default: 0] += 1
        }
        // The mutations must reach both accepted requests and several kinds of rejection.
        XCTAssertGreaterThan(outcomes["request", default: 0], 30, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["400", default: 0], 100, "\(outcomes)")
        XCTAssertGreaterThanOrEqual(outcomes.count, 5, "\(outcomes)")
    }
}
