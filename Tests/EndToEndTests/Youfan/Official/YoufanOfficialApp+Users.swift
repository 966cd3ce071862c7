import Foundation
import Testing
import TestSupport

extension YoufanOfficialApp {
    /// A user of a random id in `ids`, signed in: the suites share one server, and users of
    /// their own keep their carts, orders and notices apart.
    func newUser(_ nickName: String, ids: ClosedRange<Int> = 20_000_000...29_999_999) async throws
        -> (id: String, app: YoufanOfficialApp) {
        let id = String(Int.random(in: ids))
        return (id, try await signedIn(userID: id, nickName: nickName))
    }

    /// A POST to one of the developer's admin controls on the same server (shipping, returns).
    func admin(_ target: String) async throws -> RawHTTPClient.ClosedResponse {
        let port = try #require(URL(string: baseURL)?.port)
        return try await RawHTTPClient.exchangeUntilClose(port: port, "POST", target, timeout: 30)
    }
}
