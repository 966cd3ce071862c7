import Store
import Wire

/// `Home/getFindHomeLayoutInfo`, the official app's discovery page (MB
/// `Unico/SDiscovery/SDiscoveryViewController.m`, which drops answers with `status <= 0`):
/// `data` is an object of sections the screen lays out by key, every member a string:
/// - `banner."1001"`: the carousel (`img`, `img_width`, `img_height`; a tap jumps by
///   `jump_type`/`tid`): the first topics, as `Home/getHotLayoutInfo`'s carousel shows them;
///   `banner."1002"`: the 推荐活动 row, the seeded promotions, opened by `jump_type` 7 with the
///   promotion's id as `tid` (`SUtilityTool.m` `jumpControllerWithContent:`);
/// - `pos_1.config` 晒出你的范: topics `{id, name, img}` (a tap opens topic `id` titled `name`);
/// - `pos_2.config` 今日搭配: the newest collocations `{id, img, head_img}` (`id` read with `intValue`);
/// - `pos_3.config` 推荐造型师: stylists `{user_id, nick_name, head_img}`;
/// - `pos_4.config` 推荐品牌: brands `{temp_id, brand_code, logo_img, name}`: the screen finds the
///   tapped brand by `temp_id` read with `intValue`, so it is the brand's numeric id, and opens
///   its `brand_code`;
/// - `pos_5.config` 优选单品: second-level categories `{id, name, item_img}`; a tap opens the
///   category screen (`Product/ProductCategorySubItemFilter`) on the row of the same `name`;
/// - `pos_6.config`: the feed's tabs as `SHeaderTitleModel` `{id, name, index, is_seleted}`
///   (`index` and `is_seleted` numbers), whose `name` the screen sends as
///   `Home/getCollocationListForMain`'s `tabstr` ("全部": none).
/// Hand-written: the page gathers a short list from each of several tables.
enum YoufanDiscoveryPage {
    static let carouselLength = 3
    static let topicsShown = 3
    static let collocationsShown = 6
    static let stylistsShown = 8
    /// The brand and category grids are two rows of four.
    static let gridLength = 8

    @Sendable static func layout(_ context: YoufanContext) throws -> YoufanAnswer {
        let store = context.store
        let topics = try YoufanActions.topics(store, page: YoufanPage(index: 0, size: max(carouselLength, topicsShown)))
        let data = JSON.object([
            ("banner", .object([("1001", .array(topics.prefix(carouselLength).enumerated().map(YoufanActions.carouselItem))),
                                ("1002", .array(try YoufanPromotions.seeded(store).map(activity)))])),
            ("pos_1", section(topics.prefix(topicsShown).map { topic in
                .object([("id", topic["id"] ?? ""), ("name", topic["name"] ?? ""), ("img", topic["img"] ?? "")])
            })),
            ("pos_2", section(try store.collocations.collocations(.all, page: YoufanPage(index: 0, size: collocationsShown)).items.map { stored in
                let card = try JSON.parse(stored)
                return .object([("id", card["id"] ?? ""), ("img", card["img"] ?? ""), ("head_img", card["head_img"] ?? ""),
                                ("user_id", card["user_id"] ?? ""), ("nick_name", card["nick_name"] ?? "")])
            })),
            ("pos_3", section(try store.collocations.stylists(keyword: nil, page: YoufanPage(index: 0, size: stylistsShown)).stylists.map { stylist in
                .object([("user_id", .string(stylist.userID)), ("nick_name", .string(stylist.nickName)),
                         ("head_img", .string(stylist.headImage))])
            })),
            ("pos_4", section(try brands(context))),
            ("pos_5", section(try categories(store))),
            ("pos_6", section((["全部"] + YoufanStickers.styleTags).enumerated().map { index, name in
                .object([("id", .string(String(index))), ("name", .string(name)), ("index", .int(index)),
                         ("is_seleted", .int(index == 0 ? 1 : 0))])
            })),
        ])
        return YoufanAnswer(data: data, total: 1)
    }

    private static func section(_ config: [JSON]) -> JSON {
        .object([("config", .array(config))])
    }

    /// A promotion as a tile of the 推荐活动 row.
    private static func activity(_ promotion: JSON) -> JSON {
        let id = JSON.string(YoufanCapture.identifier(promotion, "id") ?? "")
        return .object([("id", id), ("name", promotion["name"] ?? ""), ("img", promotion["img"] ?? ""),
                        ("img_width", "668"), ("img_height", "600"), ("jump_type", "7"), ("tid", id), ("is_h5", "0"),
                        ("url", promotion["web_url"] ?? "")])
    }

    /// The first brands of the catalogue, `temp_id` their numeric id.
    private static func brands(_ context: YoufanContext) throws -> [JSON] {
        let codes = try context.store.brands.codes(keyword: nil, page: YoufanPage(index: 0, size: gridLength)).codes
        return try codes.compactMap { code in
            guard let story = try YoufanShapes.brandStory(context, code) else { return nil }
            return .object([("temp_id", story["id"] ?? ""), ("brand_code", story["brand_code"] ?? ""),
                            ("logo_img", story["logo_img"] ?? ""), ("name", story["cname"] ?? "")])
        }
    }

    /// The channels' second-level categories, in channel order.
    private static func categories(_ store: YoufanStore) throws -> [JSON] {
        let all = try store.layouts.categoryTrees().flatMap { try JSON.parse($0).arrayValue ?? [] }
        return all.prefix(gridLength).map { category in
            .object([("id", .string(YoufanCapture.identifier(category, "id") ?? "")), ("name", category["cate_name"] ?? ""),
                     ("item_img", category["img"] ?? "")])
        }
    }
}
