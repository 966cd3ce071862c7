import Store
import Wire

/// Topics and the community "热门" page of the earlier API generation (WIRE.md §2.21, §2.22).
///
/// A captured page is answered as captured (`YoufanCapturedPage`). Without one, a topic is built
/// from an inspiration special (its id, title and picture) with four stylist collocations, and
/// the page's stylists are the authors of the stylist collocations; both are read as the small
/// fragments the store keeps of them (youfan.016), never as whole documents. Shapes and JSON
/// types follow GF's captured samples (`bean/FashionCommunityBean.java`, `bean/ClickMoreBean.java`):
/// every number a digit string except the topic's `look_num`.
extension YoufanActions {
    /// `Topic/getTopicList` — `page` (0-based), ten topics a page.
    @Sendable static func topicList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        if let captured = try store.capturedPages.page(action: YoufanCapturedPage.topics, key: YoufanCapturedPage.pageKey(query)) {
            return .raw(captured)
        }
        return .array(try topics(store, page: YoufanPage(index: query.pageIndex("page"), size: topicPageSize)))
    }

    /// `Home/getHotLayoutInfo` — `page` (MB; GF sends none, the first page). The first page is
    /// a carousel (GF `widget/RemenImageLoopView.java` reads `data[0].config`), a type-15 topic
    /// section, a `99999` spacer and a type-14 section of at most three stylists (GF indexes a
    /// three-element rank-icon array by position); later pages carry more topics, then nothing.
    @Sendable static func hotLayoutInfo(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        if let captured = try store.capturedPages.page(action: YoufanCapturedPage.hotLayout, key: YoufanCapturedPage.pageKey(query)) {
            return .raw(captured)
        }
        let index = query.pageIndex("page")
        let thumbnails = try stylistThumbnails(store)
        let pageTopics = try topics(store, page: YoufanPage(index: index, size: hotTopicsPerPage), thumbnails: thumbnails)
        var sections: [JSON] = []
        if index == 0 {
            sections.append(section("9", "热门滚动图", pageTopics.prefix(3).enumerated().map(carouselItem)))
        }
        sections.append(section("15", "热门话题", pageTopics))
        if index == 0 {
            sections.append(spacerSection)
            sections.append(section("14", "时尚达人", stylists(among: thumbnails)))
        }
        return .array(sections.filter { !($0["config"]?.arrayValue?.isEmpty ?? true) })
    }

    private static let topicPageSize = 10
    private static let hotTopicsPerPage = 5
    /// GF reads `collocation_list[0..3]` of every topic and `[0..2]` of every stylist.
    private static let collocationsPerTopic = 4
    private static let collocationsPerStylist = 3
    private static let stylistUserType = "1"

    /// A section of the earlier generation's layouts (also `Home/getAppLayoutInfo`).
    static func section(_ type: String, _ name: String, _ config: [JSON], title: String = "") -> JSON {
        .object([("type", .string(type)), ("name", .string(name)), ("title", .string(title)), ("config", .array(config))])
    }

    /// The `99999` spacer section; GF parses `config[0].img_width`/`img_height` as integers.
    static var spacerSection: JSON {
        section("99999", "间隔", [["img_width": "750", "img_height": "16"]], title: "间隔")
    }

    /// The topics of one page: the specials of that page, each with four stylist collocations
    /// (also the official app's topic screens, `YoufanTopics`).
    static func topics(_ store: YoufanStore, page: YoufanPage) throws -> [JSON] {
        try topics(store, page: page, thumbnails: try stylistThumbnails(store))
    }

    /// The topics of one page, their collocations taken from `thumbnails` (every stylist
    /// collocation's, read once for the whole answer).
    private static func topics(_ store: YoufanStore, page: YoufanPage, thumbnails: [JSON]) throws -> [JSON] {
        guard thumbnails.count >= collocationsPerTopic else { return [] }
        let specials = try elements(store.specials.topicFragments(page: page))
        return specials.enumerated().map { offset, special in
            let position = page.offset + offset
            let list = (0..<collocationsPerTopic).map {
                thumbnail(thumbnails[(position * collocationsPerTopic + $0) % thumbnails.count])
            }
            return .object([
                ("id", special["id"] ?? ""), ("name", special["title"] ?? ""), ("info", special["title"] ?? ""),
                ("img", special["img"] ?? ""), ("create_time", "2016-03-18 10:00:00"), ("obl", ""), ("tag", ""),
                ("top_index", position < 3 ? "1" : "0"), ("look_num", .int(Int64(max(5000 - position * 37, 120)))),
                ("collocation_count", .string(String(collocationsPerTopic))), ("collocation_list", .array(list)),
            ])
        }
    }

    /// A carousel item opening a topic, as GF's captured sample shows it (`jump_type` 4, `tid`).
    static func carouselItem(_ offset: Int, _ topic: JSON) -> JSON {
        let id = topic["id"] ?? ""
        return .object([
            ("id", id), ("type", "1001"), ("index", .string(String(offset + 1))), ("img", topic["img"] ?? ""),
            ("img_width", "750"), ("img_height", "344"), ("jump_id", id), ("end_time", "3015-01-04 10:28:02"),
            ("jump_type", "4"), ("name", topic["name"] ?? ""), ("is_h5", "0"), ("url", "0"), ("tid", id), ("share", "0"),
        ])
    }

    /// The first three authors with at least three of `thumbnails` (every stylist
    /// collocation's, in feed order).
    private static func stylists(among thumbnails: [JSON]) -> [JSON] {
        var order: [String] = []
        var byAuthor: [String: [JSON]] = [:]
        for card in thumbnails {
            guard let user = card["user_id"]?.stringValue else { continue }
            if byAuthor[user] == nil { order.append(user) }
            byAuthor[user, default: []].append(card)
        }
        return order.compactMap { user -> JSON? in
            guard let cards = byAuthor[user], cards.count >= collocationsPerStylist, let first = cards.first else { return nil }
            return .object([
                ("user_id", .string(user)), ("nick_name", first["nick_name"] ?? ""), ("head_img", first["head_img"] ?? ""),
                ("head_v_type", first["head_v_type"] ?? "0"), ("collocationCount", .string(String(cards.count))),
                ("concernCount", .string(String(cards.count * 211))), ("is_like", "0"),
                ("collocation_list", .array(cards.prefix(collocationsPerStylist).map {
                    JSON.object(thumbnailMembers($0) + [("user_id", .string(user)), ("mbfun_id", "0"), ("mbfun_code", "")])
                })),
            ])
        }.prefix(3).map { $0 }
    }

    /// The thumbnails of the stylist collocations (at most 1,000), in feed order: the members
    /// `thumbnailMembers` and `stylists` read, and no others.
    private static func stylistThumbnails(_ store: YoufanStore) throws -> [JSON] {
        try elements(store.collocations.thumbnails(userType: stylistUserType, page: YoufanPage(index: 0, size: 1000)))
    }

    private static func thumbnail(_ card: JSON) -> JSON { .object(thumbnailMembers(card)) }

    private static func thumbnailMembers(_ card: JSON) -> [(key: String, value: JSON)] {
        ["id", "img", "img_width", "img_height", "stick_img_url", "video_url"].map { ($0, card[$0] ?? "") }
    }
}
