extension MakaUser: MakaUserFields {
    public func integer(_ column: MakaUserColumn) throws -> Int64 {
        switch column {
        case .uid: uid
        case .accountBalance: Int64(accountBalance)
        case .level: Int64(level)
        case .templateNumber: Int64(templateNumber)
        default: throw StoreError.misuse("MakaUser.\(column) is not an integer")
        }
    }

    public func withText<T>(_ column: MakaUserColumn, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        var text: String
        switch column {
        case .email: text = email ?? ""
        case .nickname: text = nickname
        case .avatar: text = avatar
        case .city: text = city
        case .createTime: text = createTime
        case .username: text = username
        case .company: text = company
        case .truename: text = truename
        case .mobile: text = mobile
        case .province: text = province
        case .industry: text = industry
        case .uid, .accountBalance, .level, .templateNumber:
            throw StoreError.misuse("MakaUser.\(column) is not text")
        }
        return try text.withUTF8(body)
    }
}
