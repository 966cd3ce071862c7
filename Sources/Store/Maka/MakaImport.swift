/// Writes captured Maka objects into the tables, inside a capture import's transaction.
///
/// Every write is an upsert by the captured id, so importing the same capture twice leaves the
/// tables as they were. Counts shown by the API (templateCount, pictureCount, eventCount) are
/// computed from the rows, never imported.
public enum MakaImport {
    public static func upsert(_ category: MakaSpecialCategory, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_special_categories (id, name, icon, sort) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, icon = excluded.icon, sort = excluded.sort
            """, [.integer(category.id), .text(category.name), .text(category.icon), .integer(Int64(category.sort))])
    }

    /// A template from a list page (no pages: stored pages are kept) or from a detail (with pages).
    /// A category id of 0 (a page of all categories) keeps the stored category.
    public static func upsert(_ template: MakaTemplate, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_templates (id, category_id, title, thumb, page_count, use_count, author, create_time, pages,
                                        price, discount, sale_number)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                category_id = CASE excluded.category_id WHEN 0 THEN maka_templates.category_id ELSE excluded.category_id END,
                title = excluded.title,
                thumb = excluded.thumb, page_count = excluded.page_count, use_count = excluded.use_count,
                author = excluded.author, create_time = excluded.create_time,
                pages = coalesce(excluded.pages, maka_templates.pages), price = excluded.price,
                discount = excluded.discount, sale_number = excluded.sale_number
            """, [.text(template.id), .integer(template.categoryId), .text(template.title), .text(template.thumb),
                  .integer(Int64(template.pageCount)), .integer(Int64(template.useCount)), .text(template.author),
                  .text(template.createTime), template.pages.map(SQLValue.text) ?? .null, .text(template.price),
                  .text(template.discount), .integer(Int64(template.saleNumber))])
    }

    public static func upsert(_ category: MakaPictureCategory, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_picture_categories (id, name, cover, sort) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, cover = excluded.cover, sort = excluded.sort
            """, [.integer(category.id), .text(category.name), .text(category.cover), .integer(Int64(category.sort))])
    }

    public static func upsert(_ picture: MakaPicture, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_pictures (id, category_id, title, url, thumb, width, height) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET category_id = excluded.category_id, title = excluded.title,
                url = excluded.url, thumb = excluded.thumb, width = excluded.width, height = excluded.height
            """, [.text(picture.id), .integer(picture.categoryId), .text(picture.title), .text(picture.url),
                  .text(picture.thumb), .integer(Int64(picture.width)), .integer(Int64(picture.height))])
    }

    public static func upsert(_ category: MakaTagCategory, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_tag_categories (id, name, icon, sort) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, icon = excluded.icon, sort = excluded.sort
            """, [.integer(category.id), .text(category.name), .text(category.icon), .integer(Int64(category.sort))])
    }

    /// What `recordPurchase` did.
    public enum Purchase: Sendable, Equatable {
        case recorded
        /// The template is free: unlocked for everyone, nothing to record.
        case free
        /// The user or the template is not known; nothing written.
        case unknown
    }

    /// A paid template a user has bought (a captured `buyTemplate/status` answered `true`).
    public static func recordPurchase(uid: Int64, templateId: String, in connection: Connection) throws -> Purchase {
        guard let price = try connection.queryFirst("SELECT price FROM maka_templates WHERE id = ?", [.text(templateId)])?
            .string(at: 0), try connection.queryFirst("SELECT 1 FROM maka_users WHERE uid = ?", [.integer(uid)]) != nil
        else { return .unknown }
        guard !MakaTemplate.isFree(price: price) else { return .free }
        try connection.execute("INSERT INTO maka_purchases (uid, template_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               [.integer(uid), .text(templateId)])
        return .recorded
    }

    /// The stored password hash of a user, to skip re-hashing a captured password that still matches.
    public static func passwordHash(uid: Int64, in connection: Connection) throws -> String? {
        try connection.queryFirst("SELECT password_hash FROM maka_users WHERE uid = ?", [.integer(uid)])?
            .optionalString("password_hash")
    }

    /// A user from a captured registration. Returns false (and writes nothing) when the email
    /// already belongs to another uid: a live account is never taken over by an import.
    @discardableResult
    public static func upsertRegistered(_ user: MakaUser, passwordHash: String, in connection: Connection) throws -> Bool {
        if let email = user.email, let owner = try connection.queryFirst(
            "SELECT uid FROM maka_users WHERE email = ?", [.text(email)])?.int64("uid"), owner != user.uid {
            return false
        }
        try connection.execute("""
            INSERT INTO maka_users (uid, email, password_hash, nickname, avatar, city, create_time,
                                    username, company, truename, mobile, province, industry, account_balance,
                                    level, template_number)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (uid) DO UPDATE SET email = excluded.email, password_hash = excluded.password_hash,
                nickname = excluded.nickname, avatar = excluded.avatar,
                city = excluded.city, create_time = excluded.create_time,
                username = excluded.username, company = excluded.company, truename = excluded.truename,
                mobile = excluded.mobile, province = excluded.province, industry = excluded.industry,
                account_balance = excluded.account_balance, level = excluded.level,
                template_number = excluded.template_number
            """, [.integer(user.uid), user.email.map(SQLValue.text) ?? .null, .text(passwordHash),
                  .text(user.nickname), .text(user.avatar), .text(user.city), .text(user.createTime), .text(user.username), .text(user.company),
                  .text(user.truename), .text(user.mobile), .text(user.province), .text(user.industry),
                  .integer(Int64(user.accountBalance)), .integer(Int64(user.level)),
                  .integer(Int64(user.templateNumber))])
        return true
    }

    /// The author of a captured public event: created if unknown (it cannot log in), otherwise
    /// its nickname (and avatar, when the capture has one) are brought up to date.
    public static func upsertAuthor(uid: Int64, nickname: String, avatar: String, createTime: String,
                                    in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_users (uid, nickname, avatar, create_time) VALUES (?, ?, ?, ?)
            ON CONFLICT (uid) DO UPDATE SET nickname = excluded.nickname,
                avatar = CASE excluded.avatar WHEN '' THEN maka_users.avatar ELSE excluded.avatar END
            """, [.integer(uid), .text(nickname), .text(avatar), .text(createTime)])
    }

    /// A published event from a captured public list. Its pages, if already known, are kept.
    /// Call `MakaPublicFeed.rebuild(in:)` once the batch is in.
    /// `code` is the event's client id (`MakaClientID`).
    public static func upsertPublished(code: String, uid: Int64, title: String, firstImgUrl: String, tagId: Int64?,
                                       pageCount: Int, publishTime: String, in connection: Connection) throws {
        try connection.execute("""
            INSERT INTO maka_events (code, uid, title, content, first_img_url, tag_id, status, page_count,
                                     create_time, update_time, publish_time)
            VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
            ON CONFLICT (code) DO UPDATE SET uid = excluded.uid, title = excluded.title,
                first_img_url = excluded.first_img_url, tag_id = excluded.tag_id, status = 1,
                page_count = excluded.page_count, publish_time = excluded.publish_time
            """, [.text(code), .integer(uid), .text(title), .text(title), .text(firstImgUrl), MakaEventRepository.value(tagId),
                  .integer(Int64(pageCount)), .text(publishTime), .text(publishTime), .text(publishTime)])
    }
}
