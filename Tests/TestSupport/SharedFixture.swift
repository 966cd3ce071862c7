/// A costly fixture (a seeded database, a running server) built once per test process, on a
/// thread of its own, starting when first mentioned. Tests await `value`: a `static let` with a
/// costly initializer would instead block every pool thread that touches it until it is built.
public final class SharedFixture<Value: Sendable>: Sendable {
    private let building: Task<Value, any Error>

    public init(_ build: @escaping @Sendable () throws -> Value) {
        building = Task { try await DedicatedThread.run { () throws -> Value in try build() } }
    }

    /// The fixture, once built; every caller gets the same one (or the same error).
    public var value: Value {
        get async throws { try await building.value }
    }
}
