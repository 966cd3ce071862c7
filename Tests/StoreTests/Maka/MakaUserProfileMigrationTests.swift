import Testing
@testable import Store
import TestSupport

/// A database made before `maka.004-user-profile` keeps its users, who gain the client's fields.
@Suite struct MakaUserProfileMigrationTests {
    @Test func oldUsersGainEmptyProfileFields() throws {
        let directory = try TemporaryDirectory()
        let path = try MakaStoreFixture.olderDatabase(before: "maka.004-user-profile", in: directory) { connection in
            try connection.execute("""
                INSERT INTO maka_users (uid, email, password_hash, nickname, avatar, create_time)
                VALUES (10001, 'old@maka.im', 'hash', '老用户', 'http://img.maka.im/a.jpg', '2015-03-02 10:00:00')
                """)
        }
        let upgraded = try Database(path: path, migrations: MakaSchema.migrations)
        let user = try #require(try MakaUserRepository(database: upgraded).user(uid: 10001))
        #expect(user.nickname == "老用户")
        #expect(user.avatar == "http://img.maka.im/a.jpg")
        #expect(user.company == "" && user.mobile == "" && user.industry == "")
        #expect(user.accountBalance == 0 && user.level == 0 && user.templateNumber == 0)
    }
}
