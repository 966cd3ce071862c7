import Store
import Wire

/// Reads Maka objects out of captured JSON. Lenient as captures are: ids and numbers may be
/// JSON numbers or strings of digits; an object without its id (or required name) is nil.
enum MakaCaptureDecoding {
    /// A captured public-event list item.
    struct PublicEvent {
        /// The client id (`MakaClientID`); an integer id of an older capture becomes its base-36 form.
        let code: String
        let uid: Int64
        let author: String
        let avatar: String
        let title: String
        let firstImgUrl: String
        let tagId: Int64?
        let pageCount: Int
        let publishTime: String
    }

    static func specialCategory(_ json: JSON) -> MakaSpecialCategory? {
        guard let id = id(json["id"]), let name = json["name"]?.stringValue else { return nil }
        return MakaSpecialCategory(id: id, name: name, icon: text(json["icon"]), sort: json["sort"]?.intValue ?? 0)
    }

    /// A store template (list item or Work document) with a `T_…` id; the cover is `firstImg`
    /// (or `thumb`), the pages `pdata.json` (or the older `pages`).
    static func template(_ json: JSON, withPages: Bool) -> MakaTemplate? {
        guard let id = json["id"]?.stringValue, MakaTemplate.isValidID(id),
              let title = json["title"]?.stringValue else { return nil }
        var template = MakaTemplate(id: id, categoryId: self.id(json["categoryId"] ?? json["cateId"]) ?? 0, title: title,
                                    thumb: json["firstImg"]?.stringValue ?? text(json["thumb"]),
                                    pageCount: json["pageCount"]?.intValue ?? 0,
                                    useCount: json["useCount"]?.intValue ?? 0, author: text(json["author"]),
                                    createTime: text(json["createTime"]),
                                    price: json["price"]?.stringValue ?? "0.00",
                                    discount: json["discount"]?.stringValue ?? "0",
                                    saleNumber: json["sale_number"]?.intValue ?? 0)
        if withPages, let pages = json["pdata"]?["json"] ?? json["pages"], let list = pages.arrayValue {
            template.pages = pages.encodedString()
            template.pageCount = list.count
        }
        return template
    }

    static func pictureCategory(_ json: JSON) -> MakaPictureCategory? {
        guard let id = id(json["id"]), let name = json["name"]?.stringValue else { return nil }
        return MakaPictureCategory(id: id, name: name, cover: text(json["cover"]), sort: json["sort"]?.intValue ?? 0)
    }

    /// A picture with its 20-character id (an integer id of an older capture becomes its base-36 form).
    static func picture(_ json: JSON) -> MakaPicture? {
        guard let id = clientID(json["id"], length: MakaClientID.pictureLength),
              let url = json["url"]?.stringValue else { return nil }
        return MakaPicture(id: id, categoryId: self.id(json["categoryId"]) ?? 0, title: text(json["title"]), url: url,
                           thumb: text(json["thumb"]), width: json["width"]?.intValue ?? 0,
                           height: json["height"]?.intValue ?? 0)
    }

    static func tagCategory(_ json: JSON) -> MakaTagCategory? {
        guard let id = id(json["id"]), let name = json["name"]?.stringValue else { return nil }
        return MakaTagCategory(id: id, name: name, icon: text(json["icon"]), sort: json["sort"]?.intValue ?? 0)
    }

    static func publicEvent(_ json: JSON) -> PublicEvent? {
        guard let code = clientID(json["id"], length: MakaClientID.eventLength), let uid = self.id(json["uid"]),
              let title = json["title"]?.stringValue else { return nil }
        return PublicEvent(code: code, uid: uid, author: text(json["author"]), avatar: text(json["avatar"]), title: title,
                           firstImgUrl: text(json["firstImgUrl"]), tagId: self.id(json["tagId"]),
                           pageCount: json["pageCount"]?.intValue ?? 0, publishTime: text(json["publishTime"]))
    }

    /// The user of a register/login answer: the User at the top level of `data` (WIRE.md §4.4),
    /// or, in older captures, under `data.user`; the avatar as `thumb` (or the older `avatar`).
    static func user(_ data: JSON, email: String) -> MakaUser? {
        let profile = data["user"] ?? data
        guard let uid = id(data["uid"]) ?? id(profile["uid"]) else { return nil }
        let nickname = profile["nickname"]?.stringValue ?? String(email.prefix { $0 != "@" })
        return MakaUser(uid: uid, email: email, nickname: nickname,
                        avatar: profile["thumb"]?.stringValue ?? text(profile["avatar"]),
                        city: text(profile["city"]),
                        createTime: profile["createTime"]?.stringValue ?? MakaTimestamp.now(),
                        username: text(profile["username"]), company: text(profile["company"]),
                        truename: text(profile["truename"]), mobile: text(profile["mobile"]),
                        province: text(profile["province"]), industry: text(profile["industry"]),
                        accountBalance: profile["accountBalance"]?.intValue ?? 0,
                        level: profile["level"]?.intValue ?? 0,
                        templateNumber: profile["templateNumber"]?.intValue ?? 0)
    }

    private static func clientID(_ json: JSON?, length: Int) -> String? {
        if let text = json?.stringValue, MakaClientID.isValid(text, length: length) { return text }
        return id(json).map { MakaClientID.fromLegacy($0, length: length) }
    }

    private static func id(_ json: JSON?) -> Int64? {
        guard let value = json?.intValue, value > 0 else { return nil }
        return Int64(value)
    }

    private static func text(_ json: JSON?) -> String { json?.stringValue ?? "" }
}
