/// A main template category (`/app/specialCategories`).
public struct MakaSpecialCategory: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var icon: String
    public var sort: Int
    /// Computed when read; ignored when written.
    public var templateCount: Int

    public init(id: Int64, name: String, icon: String = "", sort: Int = 0, templateCount: Int = 0) {
        (self.id, self.name, self.icon, self.sort, self.templateCount) = (id, name, icon, sort, templateCount)
    }
}

/// A store template; `pages` (a JSON array as text) is nil while only a list page was captured.
/// Its id is `T_` + 8 characters `[0-9A-Z]` (WIRE.md §1.8, QT `TemplatePreviewVC.m`).
public struct MakaTemplate: Sendable, Equatable {
    public var id: String
    public var categoryId: Int64
    public var title: String
    /// The cover URL, answered as `firstImg`.
    public var thumb: String
    public var pageCount: Int
    public var useCount: Int
    public var author: String
    public var createTime: String
    public var pages: String?
    /// Numeric text with two decimals (`"9.90"`); `"0.00"` is a free template.
    public var price: String
    /// Numeric text (`"8"` for 8折, `"0"` for none).
    public var discount: String
    public var saleNumber: Int

    public init(id: String, categoryId: Int64, title: String, thumb: String = "", pageCount: Int = 0,
                useCount: Int = 0, author: String = "", createTime: String = "", pages: String? = nil,
                price: String = "0.00", discount: String = "0", saleNumber: Int = 0) {
        (self.id, self.categoryId, self.title, self.thumb) = (id, categoryId, title, thumb)
        (self.pageCount, self.useCount, self.author, self.createTime, self.pages) = (pageCount, useCount, author, createTime, pages)
        (self.price, self.discount, self.saleNumber) = (price, discount, saleNumber)
    }

    /// Whether a template id has the client's format, `T_` + 8 characters `[0-9A-Z]`.
    public static func isValidID(_ text: String) -> Bool {
        text.hasPrefix("T_") && MakaClientID.isValid(text.dropFirst(2), length: 8)
    }

    /// Free templates are unlocked for everyone; a paid one for the users who bought it.
    public var isFree: Bool { Self.isFree(price: price) }

    /// Whether a store price (numeric text, `"0.00"` for free) costs nothing.
    public static func isFree(price: String) -> Bool { (Double(price) ?? 0) == 0 }
}

/// A picture-gallery category (`/app/pictureIndex`).
public struct MakaPictureCategory: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var cover: String
    public var sort: Int
    /// Computed when read; ignored when written.
    public var pictureCount: Int

    public init(id: Int64, name: String, cover: String = "", sort: Int = 0, pictureCount: Int = 0) {
        (self.id, self.name, self.cover, self.sort, self.pictureCount) = (id, name, cover, sort, pictureCount)
    }
}

/// A gallery picture (`/app/pictures`).
public struct MakaPicture: Sendable, Equatable {
    /// 20 characters `[0-9A-Z]` (`MakaClientID`).
    public var id: String
    public var categoryId: Int64
    public var title: String
    public var url: String
    public var thumb: String
    public var width: Int
    public var height: Int

    public init(id: String, categoryId: Int64, title: String = "", url: String, thumb: String = "",
                width: Int = 0, height: Int = 0) {
        (self.id, self.categoryId, self.title, self.url) = (id, categoryId, title, url)
        (self.thumb, self.width, self.height) = (thumb, width, height)
    }
}

/// A tag category that public events are filtered by (`/app/tagCategories`).
public struct MakaTagCategory: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var icon: String
    public var sort: Int
    /// Published events with this tag; computed when read, ignored when written.
    public var eventCount: Int

    public init(id: Int64, name: String, icon: String = "", sort: Int = 0, eventCount: Int = 0) {
        (self.id, self.name, self.icon, self.sort, self.eventCount) = (id, name, icon, sort, eventCount)
    }
}
