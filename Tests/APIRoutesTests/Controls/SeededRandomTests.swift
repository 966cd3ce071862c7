import HTTPServer
import Testing
@testable import APIRoutes

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
