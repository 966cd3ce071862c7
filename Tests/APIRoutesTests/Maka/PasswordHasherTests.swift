import Testing
@testable import APIRoutes

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(cost: 1)

    /// `maka2015` hashed by an earlier build (libxcrypt yescrypt, cost 5).
    static let yescryptHash = "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$N2.w3TZfISdAC5Ii6/epUDzMVOilxTgR2aPYEXVHd0/"

    @Test func hashesAreSaltedScryptStringsThatVerifyOnlyTheirPassword() throws {
        let first = try hasher.hash("maka2015")
        let second = try hasher.hash("maka2015")
        #expect(first.hasPrefix("$scrypt$ln=1,r=8,p=1$"))
        #expect(first != second, "a fresh salt every time")
        #expect(!first.contains("maka2015"))
        #expect(hasher.verify("maka2015", against: first))
        #expect(hasher.verify("maka2015", against: second))
        #expect(!hasher.verify("maka2016", against: first))
        #expect(!hasher.verify("", against: first))
        #expect(hasher.verify("", against: try hasher.hash("")), "an empty password hashes without crashing")
    }

    /// Login checks unknown emails against the unusable hash: it must take the path of a real
    /// hash of this hasher (the same scrypt setting, a key as long), match nothing, and differ
    /// every time (a fresh salt and key).
    @Test func theUnusableHashCostsAVerifyOfThisHasherAndMatchesNothing() throws {
        let hasher = PasswordHasher(cost: 3)
        let unusable = hasher.unusableHash()
        let real = try hasher.hash("maka2015")
        let (setting, key) = try #require(ScryptSetting.decode(unusable), "a hash verify derives a key for")
        let (realSetting, realKey) = try #require(ScryptSetting.decode(real))
        #expect(setting.cost == realSetting.cost)
        #expect(setting.blockSize == realSetting.blockSize)
        #expect(setting.parallelism == realSetting.parallelism)
        #expect(setting.salt.count == realSetting.salt.count)
        #expect(key.count == realKey.count)
        #expect(!hasher.needsRehash(unusable))
        #expect(unusable != hasher.unusableHash())
        for password in ["", "maka2015", MakaTokens.generate()] {
            #expect(!hasher.verify(password, against: unusable))
        }
    }

    /// RFC 7914 §12's third test vector, written as a PHC string: the KDF is standard scrypt.
    @Test func theRFC7914VectorVerifies() {
        let vector = "$scrypt$ln=10,r=8,p=16$TmFDbA$/bq+HJ00cgB4VucZDQHp/nxq18vII3gw53N2Y0s3MWIurzDZLiKjiG/xCSedmDDaxyevuUqD7m2DYMvfoswGQA"
        #expect(hasher.verify("password", against: vector))
        #expect(!hasher.verify("Password", against: vector))
    }

    @Test func unicodePasswordsWork() throws {
        let hash = try hasher.hash("密码是婚礼2015")
        #expect(hasher.verify("密码是婚礼2015", against: hash))
        #expect(!hasher.verify("密码是婚礼2016", against: hash))
    }

    @Test func garbageStoredHashesNeverVerify() {
        #expect(!hasher.verify("secret", against: ""))
        #expect(!hasher.verify("secret", against: "*0"))
        #expect(!hasher.verify("secret", against: "plain-text-secret"))
        #expect(!hasher.verify("secret", against: "$y$broken"))
        #expect(!hasher.verify("secret", against: "$scrypt$ln=1,r=8,p=5$c2FsdA$"))
        #expect(!hasher.verify("secret", against: "$scrypt$ln=40,r=8,p=5$c2FsdHNhbHRzYWx0$c2FsdHNhbHRzYWx0c2FsdA"),
                "parameters beyond what the server writes are refused, not computed")
        #expect(!hasher.verify("secret", against: "$scrypt$ln=20,r=32,p=1$c2FsdHNhbHRzYWx0$c2FsdHNhbHRzYWx0c2FsdA"),
                "4 GiB of scrypt memory is refused before it is asked for")
    }

    @Test func theCostIsClampedAndWrittenIntoTheHash() throws {
        #expect(PasswordHasher(cost: 0).cost == 1)
        #expect(PasswordHasher(cost: 99).cost == 20)
        #expect(PasswordHasher().cost == PasswordHasher.defaultCost)
        let cheap = try PasswordHasher(cost: 1).hash("maka2015")
        let dearer = try PasswordHasher(cost: 3).hash("maka2015")
        #expect(dearer.hasPrefix("$scrypt$ln=3,"))
        #expect(hasher.verify("maka2015", against: dearer), "verifying reads the cost from the hash")
        #expect(!hasher.needsRehash(cheap))
        #expect(hasher.needsRehash(dearer), "another cost is upgraded at the next login")
    }

    /// Hashes of earlier builds keep working where libxcrypt exists (Linux) and are marked for
    /// replacement; where it does not (Darwin) they never verify.
    @Test func earlierYescryptHashesVerifyWhereTheSystemCanReadThem() {
        #expect(hasher.needsRehash(Self.yescryptHash))
        #if os(Linux)
        #expect(hasher.verify("maka2015", against: Self.yescryptHash))
        #expect(!hasher.verify("maka2016", against: Self.yescryptHash))
        #else
        #expect(!hasher.verify("maka2015", against: Self.yescryptHash))
        #endif
    }
}
