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
    /// The event as a Work document (WIRE.md §4.2), as its owner sees it: see `write(into:)`.
    var json: JSON {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return .raw(bytes)
    }

    /// Appends the event as a Work document (WIRE.md §4.2), as its owner sees it: the 8-character
    /// `id`, `uid` as text, the cover also as `thumb`, the share text as `content`, the pages as
    /// `pdata: {json, music}`, the viewer and QR code URLs derived from the id (WIRE.md §4.6).
    func write(into output: inout [UInt8]) {
        output.appendMember(#"{"id":"#, text: code)
        output.appendMember(#","uid":"#, text: String(uid))
        output.appendMember(#","title":"#, text: title)
        output.appendMember(#","thumb":"#, text: firstImgUrl)
        output.appendMember(#","firstImgUrl":"#, text: firstImgUrl)
        output.appendMember(#","author":"#, text: author)
        output.appendMember(#","templateId":"#, text: templateId)
        output.appendMember(#","tagId":"#, integer: tagId)
        output.appendMember(#","status":"#, integer: status.rawValue)
        output.appendMember(#","publishTime":"#, text: publishTime)
        output.appendMember(#","createTime":"#, text: createTime)
        output.appendMember(#","updateTime":"#, text: updateTime)
        output.appendMember(#","url":"#, text: MakaWorkDocument.viewer(code))
        output.appendMember(#","QRcodeImg":"#, text: MakaWorkDocument.qrCode(code))
        output.appendMember(#","content":"#, text: content)
        MakaWorkDocument.writeSharedMembers(pages: pages.utf8, into: &output)
        output.appendMember(#","pageCount":"#, integer: pageCount)
        output.append(static: "}")
    }
}

extension MakaSpecialCategory {
    /// Appends the template category of `/app/specialCategories`.
    func write(into output: inout [UInt8]) {
        output.appendMember(#"{"id":"#, integer: Int(id))
        output.appendMember(#","name":"#, text: name)
        output.appendMember(#","icon":"#, text: icon)
        output.appendMember(#","sort":"#, integer: sort)
        output.appendMember(#","templateCount":"#, integer: templateCount)
        output.append(static: "}")
    }

    /// Appends the store category of `/app/categoryApp` (QT `CategoryItem`): `id` and `name`.
    func writeStoreCategory(into output: inout [UInt8]) {
        output.appendMember(#"{"id":"#, integer: Int(id))
        output.appendMember(#","name":"#, text: name)
        output.append(static: "}")
    }
}

extension MakaTemplateColumns {
    /// Appends the store template list item (WIRE.md §4.2; QT `StoreTemplateItem.h`, FP
    /// `Demo/DemoModel.h`): `price`, `discount` and `sale_number` as numeric text, the cover as
    /// `firstImg`.
    func writeStoreItem(into output: inout [UInt8]) {
        writeStoreMembers(into: &output)
        output.append(static: "}")
    }

    /// Appends the template as a Work document (WIRE.md §4.2): the store fields plus its pages as
    /// `pdata: {json: [Page…], music: []}` (`[]` when only a list page was captured), and the
    /// viewer and QR code URLs derived from the id (WIRE.md §4.6).
    func writeWorkDocument(into output: inout [UInt8]) {
        writeStoreMembers(into: &output)
        output.appendMember(#","thumb":"#, utf8: thumb)
        output.appendMember(#","content":"#, utf8: title)
        output.appendMember(#","url":"#, text: MakaWorkDocument.viewer(String(decoding: id, as: UTF8.self)))
        if let pages, [UInt8].isWellFormedUTF8(pages) {
            MakaWorkDocument.writeSharedMembers(pages: pages, into: &output)
        } else {
            // Text SQLite holds is valid UTF-8 unless written as bytes: repaired as a `String` would be.
            MakaWorkDocument.writeSharedMembers(pages: pages.map { String(decoding: $0, as: UTF8.self) }?.utf8 ?? "[]".utf8,
                                                into: &output)
        }
        output.append(static: "}")
    }

    /// The object opened and the store fields written, for the caller to add members and close.
    private func writeStoreMembers(into output: inout [UInt8]) {
        output.appendMember(#"{"id":"#, utf8: id)
        output.appendMember(#","title":"#, utf8: title)
        output.appendMember(#","price":"#, utf8: price)
        output.appendMember(#","discount":"#, utf8: discount)
        output.appendMember(#","sale_number":"#, text: String(saleNumber))
        output.appendMember(#","firstImg":"#, utf8: thumb)
        output.appendMember(#","QRcodeImg":"#, text: MakaWorkDocument.qrCode(String(decoding: id, as: UTF8.self)))
        output.appendMember(#","author":"#, utf8: author)
        output.appendMember(#","categoryId":"#, integer: categoryId)
        output.appendMember(#","pageCount":"#, integer: pageCount)
        output.appendMember(#","useCount":"#, integer: useCount)
        output.appendMember(#","createTime":"#, utf8: createTime)
    }
}

extension MakaPictureCategory {
    /// Appends the gallery category of `/app/pictureIndex`.
    func write(into output: inout [UInt8]) {
        output.appendMember(#"{"id":"#, integer: Int(id))
        output.appendMember(#","name":"#, text: name)
        output.appendMember(#","cover":"#, text: cover)
        output.appendMember(#","sort":"#, integer: sort)
        output.appendMember(#","pictureCount":"#, integer: pictureCount)
        output.append(static: "}")
    }
}

extension MakaPicture {
    /// Appends the gallery picture: `id` its 20-character text id, the sizes in pixels.
    func write(into output: inout [UInt8]) {
        output.appendMember(#"{"id":"#, text: id)
        output.appendMember(#","categoryId":"#, integer: Int(categoryId))
        output.appendMember(#","title":"#, text: title)
        output.appendMember(#","url":"#, text: url)
        output.appendMember(#","thumb":"#, text: thumb)
        output.appendMember(#","width":"#, integer: width)
        output.appendMember(#","height":"#, integer: height)
        output.append(static: "}")
    }
}

extension MakaTagCategory {
    /// Appends the tag category of `/app/tagCategories`, with its number of published events.
    func write(into output: inout [UInt8]) {
        output.appendMember(#"{"id":"#, integer: Int(id))
        output.appendMember(#","name":"#, text: name)
        output.appendMember(#","icon":"#, text: icon)
        output.appendMember(#","sort":"#, integer: sort)
        output.appendMember(#","eventCount":"#, integer: eventCount)
        output.append(static: "}")
    }
}
