import Store
import Wire

/// The Maka response objects (docs/api.md, "Maka" › "Objects"), built from stored records.
extension MakaUser {
    /// The profile; `email` only for its owner.
    func json(forOwner isOwner: Bool) -> JSON {
        var members: [(key: String, value: JSON)] = [
            ("uid", .int(uid)), ("nickname", .string(nickname)), ("avatar", .string(avatar)),
            ("gender", .int(gender)), ("city", .string(city)), ("signature", .string(signature)),
            ("createTime", .string(createTime)),
        ]
        if isOwner { members.append((key: "email", value: .string(email))) }
        return .object(members)
    }
}

extension MakaEvent {
    /// The full event, pages included, as its owner sees it.
    var json: JSON {
        .object([
            ("id", .int(id)), ("uid", .int(uid)), ("title", .string(title)), ("firstImgUrl", .string(firstImgUrl)),
            ("author", .string(author)), ("templateId", templateId.map(JSON.int) ?? .null),
            ("tagId", tagId.map(JSON.int) ?? .null), ("status", .int(status.rawValue)),
            ("publishTime", .string(publishTime)), ("createTime", .string(createTime)),
            ("updateTime", .string(updateTime)), ("url", .string(MakaPublicFeed.viewerURLPrefix + String(id))),
            ("pageCount", .int(pageCount)), ("pages", .raw(Array(pages.utf8))),
        ])
    }
}

extension MakaSpecialCategory {
    var json: JSON {
        .object([("id", .int(id)), ("name", .string(name)), ("icon", .string(icon)), ("sort", .int(sort)),
                 ("templateCount", .int(templateCount))])
    }
}

extension MakaTemplate {
    /// The list item; with `includingPages`, the detail (pages `[]` when none were captured).
    func json(includingPages: Bool) -> JSON {
        var members: [(key: String, value: JSON)] = [
            ("id", .int(id)), ("categoryId", .int(categoryId)), ("title", .string(title)), ("thumb", .string(thumb)),
            ("pageCount", .int(pageCount)), ("useCount", .int(useCount)), ("author", .string(author)),
            ("createTime", .string(createTime)),
        ]
        if includingPages { members.append((key: "pages", value: .raw(Array((pages ?? "[]").utf8)))) }
        return .object(members)
    }
}

extension MakaPictureCategory {
    var json: JSON {
        .object([("id", .int(id)), ("name", .string(name)), ("cover", .string(cover)), ("sort", .int(sort)),
                 ("pictureCount", .int(pictureCount))])
    }
}

extension MakaPicture {
    var json: JSON {
        .object([("id", .int(id)), ("categoryId", .int(categoryId)), ("title", .string(title)), ("url", .string(url)),
                 ("thumb", .string(thumb)), ("width", .int(width)), ("height", .int(height))])
    }
}

extension MakaTagCategory {
    var json: JSON {
        .object([("id", .int(id)), ("name", .string(name)), ("icon", .string(icon)), ("sort", .int(sort)),
                 ("eventCount", .int(eventCount))])
    }
}
