import HTTPServer
import Testing
@testable import APIRoutes

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
