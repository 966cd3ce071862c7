import Testing
@testable import APIRoutes

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(cost: 1)

    @Test func hashesAreSaltedYescryptStringsThatVerifyOnlyTheirPassword() throws {
        let first = try hasher.hash("maka2015")
        let second = try hasher.hash("maka2015")
        #expect(first.hasPrefix("$y$"))
        #expect(first != second, "a fresh salt every time")
        #expect(!first.contains("maka2015"))
        #expect(hasher.verify("maka2015", against: first))
        #expect(hasher.verify("maka2015", against: second))
        #expect(!hasher.verify("maka2016", against: first))
        #expect(!hasher.verify("", against: first))
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
    }

    @Test func theCostIsClampedAndWrittenIntoTheHash() throws {
        #expect(PasswordHasher(cost: 0).cost == 1)
        #expect(PasswordHasher(cost: 99).cost == 11)
        #expect(PasswordHasher().cost == PasswordHasher.defaultCost)
        let cheap = try PasswordHasher(cost: 1).hash("maka2015")
        let dearer = try PasswordHasher(cost: 3).hash("maka2015")
        #expect(cheap.split(separator: "$")[0] == "y")
        #expect(cheap.split(separator: "$")[1] != dearer.split(separator: "$")[1], "the cost is part of the parameters")
        #expect(hasher.verify("maka2015", against: dearer), "verifying reads the cost from the hash")
    }
}
