import Store
import Wire

/// The Maka response objects (docs/api.md, "Maka" › "Objects"), built from stored records.
extension MakaUser {
    /// The User of WIRE.md §4.2, as `MakaUserWire` writes it.
    func json(forOwner isOwner: Bool) -> JSON { .raw(wireBytes(forOwner: isOwner, token: nil)) }

    /// The login and register answer (WIRE.md §4.4): the owner's User at the top level plus
    /// `token`; QT `LoginVC.m` reads `data.token` and `data.uid` and stores the whole `data`.
    func session(token: String) -> JSON { .raw(wireBytes(forOwner: true, token: token)) }

    private func wireBytes(forOwner isOwner: Bool, token: String?) -> [UInt8] {
        var bytes: [UInt8] = []
        MakaUserWire.write(self, forOwner: isOwner, token: token, into: &bytes)
        return bytes
    }
}

extension MakaEvent {
    /// The event as a Work document (WIRE.md §4.2), as its owner sees it: the 8-character `id`,
    /// `uid` as text, the cover also as `thumb`, the share text as `content`, the pages as
    /// `pdata: {json, music}`, the viewer and QR code URLs derived from the id (WIRE.md §4.6).
    var json: JSON {
        .object([
            ("id", .string(code)), ("uid", .string(String(uid))), ("title", .string(title)),
            ("thumb", .string(firstImgUrl)), ("firstImgUrl", .string(firstImgUrl)),
            ("author", .string(author)), ("templateId", templateId.map(JSON.string) ?? .null),
            ("tagId", tagId.map(JSON.int) ?? .null), ("status", .int(status.rawValue)),
            ("publishTime", publishTime.map(JSON.string) ?? .null), ("createTime", .string(createTime)),
            ("updateTime", .string(updateTime)), ("url", .string(MakaWorkDocument.viewer(code))),
            ("QRcodeImg", .string(MakaWorkDocument.qrCode(code))), ("content", .string(content)),
        ] + MakaWorkDocument.sharedMembers(pages: pages) + [("pageCount", .int(pageCount))])
    }
}

extension MakaSpecialCategory {
    var json: JSON {
        .object([("id", .int(id)), ("name", .string(name)), ("icon", .string(icon)), ("sort", .int(sort)),
                 ("templateCount", .int(templateCount))])
    }
}

extension MakaTemplate {
    /// The store template list item (WIRE.md §4.2; QT `StoreTemplateItem.h`, FP `Demo/DemoModel.h`):
    /// `price`, `discount` and `sale_number` as numeric text, the cover as `firstImg`.
    var storeItem: JSON { .object(storeMembers) }

    /// The template as a Work document (WIRE.md §4.2): the store fields plus its pages as
    /// `pdata: {json: [Page…], music: []}` (`[]` when only a list page was captured), and the
    /// viewer and QR code URLs derived from the id (WIRE.md §4.6).
    var workDocument: JSON {
        .object(storeMembers + [
            ("thumb", .string(thumb)), ("content", .string(title)), ("url", .string(MakaWorkDocument.viewer(id))),
        ] + MakaWorkDocument.sharedMembers(pages: pages ?? "[]"))
    }

    private var storeMembers: [(key: String, value: JSON)] {
        [
            ("id", .string(id)), ("title", .string(title)), ("price", .string(price)), ("discount", .string(discount)),
            ("sale_number", .string(String(saleNumber))), ("firstImg", .string(thumb)),
            ("QRcodeImg", .string(MakaWorkDocument.qrCode(id))), ("author", .string(author)), ("categoryId", .int(categoryId)),
            ("pageCount", .int(pageCount)), ("useCount", .int(useCount)), ("createTime", .string(createTime)),
        ]
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
        .object([("id", .string(id)), ("categoryId", .int(categoryId)), ("title", .string(title)), ("url", .string(url)),
                 ("thumb", .string(thumb)), ("width", .int(width)), ("height", .int(height))])
    }
}

extension MakaTagCategory {
    var json: JSON {
        .object([("id", .int(id)), ("name", .string(name)), ("icon", .string(icon)), ("sort", .int(sort)),
                 ("eventCount", .int(eventCount))])
    }
}
