import Foundation
import Store
import Testing
import TestSupport

/// The SOA gateway's access tokens on a real SQLite file, with the clock passed in: a token is
/// good for exactly `lifetime` seconds from its issue, then refused (the app fetches a new one
/// on the refusal), and expired tokens leave the table when the next one is issued.
@Suite struct YoufanAccessTokenRepositoryTests {
    let directory: TemporaryDirectory
    let tokens: YoufanAccessTokenRepository
    let issued = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        directory = try TemporaryDirectory()
        tokens = YoufanAccessTokenRepository(database: try Self.open(directory))
    }

    static func open(_ directory: TemporaryDirectory) throws -> Database {
        try Database(path: directory.path("youfan.sqlite"), migrations: YoufanSchema.migrations)
    }

    func seconds(_ offset: Int) -> Date { issued.addingTimeInterval(TimeInterval(offset)) }

    @Test func aTokenIsGoodForItsLifetimeAndNotASecondMore() throws {
        try tokens.issue("a", appID: "wefafa", now: issued)
        let lifetime = YoufanAccessTokenRepository.lifetime
        #expect(try tokens.isValid("a", now: issued))
        #expect(try tokens.isValid("a", now: seconds(lifetime - 1)))
        #expect(try !tokens.isValid("a", now: seconds(lifetime)), "expires_in is 7200: at 7200 s it is gone")
        #expect(try !tokens.isValid("never-issued", now: issued))
    }

    @Test func expiredTokensLeaveTheTableWhenTheNextIsIssued() throws {
        try tokens.issue("old", appID: "wefafa", now: issued)
        try tokens.issue("new", appID: "wefafa", now: seconds(YoufanAccessTokenRepository.lifetime))
        let rows = try tokens.database.read { try $0.queryFirst("SELECT count(*) FROM youfan_access_tokens")?.int(at: 0) }
        #expect(rows == 1, "only the live token is kept")
        #expect(try tokens.isValid("new", now: seconds(YoufanAccessTokenRepository.lifetime)))
    }

    @Test func tokensSurviveReopeningTheFile() throws {
        try tokens.issue("kept", appID: "wefafa", now: issued)
        let reopened = YoufanAccessTokenRepository(database: try Self.open(directory))
        #expect(try reopened.isValid("kept", now: seconds(60)))
    }
}
