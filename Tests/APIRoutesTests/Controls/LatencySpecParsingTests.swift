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
