import HTTPServer
import Testing
@testable import APIRoutes

@Suite struct LatencySpecParsingTests {
    @Test(arguments: [
        ("200ms", LatencySpec.fixed(milliseconds: 200)),
        ("200", .fixed(milliseconds: 200)),
        (" 1.5s ", .fixed(milliseconds: 1500)),
        ("0-1500ms", .uniform(0...1500)),
        ("1-2s", .uniform(1000...2000)),
        ("300-300ms", .fixed(milliseconds: 300)),
        ("0", .fixed(milliseconds: 0)),
        ("captured", .captured),
        ("CAPTURED", .captured),
    ])
    func parses(text: String, expected: LatencySpec) throws {
        #expect(try LatencySpec(parsing: text) == expected)
    }

    @Test(arguments: ["", "ms", "abc", "-5", "5-", "1500-0ms", "1-2-3ms", "10m", "nan", "999999s", "1e9"])
    func refuses(text: String) {
        #expect(throws: ControlSyntaxError.self) { try LatencySpec(parsing: text) }
    }

    @Test func reversedRangeSaysWhatIsWrong() {
        #expect(throws: ControlSyntaxError("latency range \"1500-0ms\" must go from the smaller to the larger value")) {
            try LatencySpec(parsing: "1500-0ms")
        }
    }

    @Test(arguments: ["200ms", "0-1500ms", "captured"])
    func descriptionRoundTrips(text: String) throws {
        let spec = try LatencySpec(parsing: text)
        #expect(try LatencySpec(parsing: spec.description) == spec)
        #expect(spec.description == text)
    }
}

@Suite struct FaultKindParsingTests {
    @Test(arguments: [
        ("reset", FaultKind.transport(.reset)),
        ("close", .transport(.close)),
        ("empty", .transport(.empty)),
        ("malformed", .transport(.malformed)),
        (" Timeout", .transport(.timeout)),
        ("status:500", .status(500)),
        ("status:404", .status(404)),
        ("business:401", .business(401)),
        ("business:-1", .business(-1)),
    ])
    func parses(text: String, expected: FaultKind) throws {
        #expect(try FaultKind(parsing: text) == expected)
        #expect(try FaultKind(parsing: expected.description) == expected)
    }

    @Test(arguments: ["", "boom", "status", "status:", "status:200", "status:600", "status:abc",
                      "business:200", "business:x", "reset:1"])
    func refuses(text: String) {
        #expect(throws: ControlSyntaxError.self) { try FaultKind(parsing: text) }
    }

    @Test func listParsesInOrder() throws {
        #expect(try FaultKind.parseList("reset, status:500,,business:422") == [.transport(.reset), .status(500), .business(422)])
        #expect(throws: ControlSyntaxError.self) { try FaultKind.parseList(" , ") }
    }

    @Test func planValidatesRate() throws {
        #expect(try FaultPlan(parsing: "reset", rate: "0.05").rate == 0.05)
        #expect(try FaultPlan(parsing: "reset").rate == 1)
        for bad in ["-0.1", "1.5", "lots", "nan"] {
            #expect(throws: ControlSyntaxError.self) { try FaultPlan(parsing: "reset", rate: bad) }
        }
    }
}

@Suite struct SeededRandomTests {
    @Test func sameSeedSameSequence() {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        var other = SeededRandom(seed: 43)
        let a = (0..<8).map { _ in first.next() }
        #expect(a == (0..<8).map { _ in second.next() })
        #expect(a != (0..<8).map { _ in other.next() })
    }
}
