import Store
import Wire

/// `Home/getAppLayoutInfo`: the data-driven pages of the earlier API generation (WIRE.md §2.20),
/// an array of sections `{type, name, title, config}` whose numbers are all digit strings (GF
/// parses them with `Integer.parseInt`). A captured layout is answered as captured
/// (`YoufanCapturedPage`); without one, the sections are built from the stored specials (the
/// fragments of the members a banner shows, youfan.018, not whole specials), brands and
/// category trees.
extension YoufanActions {
    /// `id` 1 is the old home page (GF `fragment/IndexFragment.java` sends `id=1&cid=null`);
    /// `id` 2 is the classify page, one per tab `cid` (GF `fragment/ClassifyFragment.java`:
    /// 1 美妆, 3 男装, 4 女装, 5 配饰, 6 生活, 8 箱包, 9 鞋履; `null` the first tab).
    /// Any other `id` is a parameter error.
    @Sendable static func oldLayout(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let id = try query.required("id")
        if let key = YoufanCapturedPage.layoutKey(query),
           let captured = try store.capturedPages.page(action: YoufanCapturedPage.oldLayout, key: key) {
            return .raw(captured)
        }
        let tab = query.integer("cid", fallback: 0)
        switch PHPInteger.intval(id) {
        case 1: return .array(try oldHome(store))
        case 2: return .array(try classify(store, tab: tab))
        default: throw YoufanFailure.notFound("没有布局: id=\(id)")
        }
    }

    /// The shop channel each classify tab shows (the shop has men, women and life channels).
    private static let classifyChannels: [Int: Int] = [0: 2, 1: 2, 3: 1, 4: 2, 5: 2, 6: 4, 8: 2, 9: 1]

    /// GF's home (`adapter/IndexListViewAdapter.java`): a `9` carousel, a `99999` spacer, a `101`
    /// free layout (`config[0].config[]` placed pictures) and an `8` single image.
    private static func oldHome(_ store: YoufanStore) throws -> [JSON] {
        let specials = try elements(store.specials.topicFragments(page: YoufanPage(index: 0, size: 8)))
        let free = specials.dropFirst(3).prefix(4).enumerated().map { offset, special -> JSON in
            .object([
                ("img", special["img"] ?? ""), ("width", "375"), ("height", "250"), ("temp_id", special["id"] ?? ""),
                ("x", .string(String(offset % 2 * 375))), ("y", .string(String(offset / 2 * 250))),
                ("jump_id", special["id"] ?? ""), ("jump", webJump(special)),
            ])
        }
        let single = specials.dropFirst(7).prefix(1).map { special -> JSON in
            .object([("img", special["img"] ?? ""), ("img_width", "750"), ("img_height", "300"),
                     ("jump_id", special["id"] ?? ""), ("jump", webJump(special))])
        }
        return [
            section("9", "首页顶部滚动图", specials.prefix(3).enumerated().map(specialBanner)),
            spacerSection,
            section("101", "自由布局", free.isEmpty ? [] : [.object([("config", .array(free))])]),
            section("8", "单图", single),
        ].filter { !($0["config"]?.arrayValue?.isEmpty ?? true) }
    }

    /// GF's classify tab (`fragment/FLInsideFragment.java`): `data[1].config` brands and
    /// `data[3].config` hot categories; a hot category's `temp_id` is a category group that
    /// `Product/getProductCategoryList` opens (GF `activity/HotItemActivity.java`).
    private static func classify(_ store: YoufanStore, tab: Int) throws -> [JSON] {
        let cid = classifyChannels[tab] ?? 2
        let specials = try elements(store.specials.topicFragments(page: YoufanPage(index: tab, size: 3)))
        let brands = try elements(store.brands.brands(cid: cid, page: YoufanPage(index: tab % 2, size: 9))).map { brand -> JSON in
            let id = brand["id"] ?? brand["data_id"] ?? ""
            return .object([("id", id), ("brand_code", brand["brand_code"] ?? ""), ("temp_id", id),
                            ("ename", brand["ename"] ?? ""), ("logo_img", brand["logo_img"] ?? "")])
        }
        let groups = try store.layouts.categoryTree(cid: cid).map { try JSON.parse($0) }?.arrayValue ?? []
        let categories = groups.enumerated().map { offset, group -> JSON in
            .object([("url", group["img"] ?? ""), ("id", group["id"] ?? ""), ("index", .string(String(offset + 1))),
                     ("info", group["cate_name"] ?? ""), ("name", group["cate_name"] ?? ""),
                     ("temp_id", group["id"] ?? ""), ("type", "2")])
        }
        return [
            section("9", "分类顶部滚动图", specials.enumerated().map(specialBanner)),
            section("10", "热门品牌", brands),
            spacerSection,
            section("11", "热门品类", categories),
        ]
    }

    /// A carousel item opening a special's web page.
    private static func specialBanner(_ offset: Int, _ special: JSON) -> JSON {
        let id = special["id"] ?? ""
        return .object([
            ("id", id), ("type", "1001"), ("index", .string(String(offset + 1))), ("img", special["img"] ?? ""),
            ("img_width", "750"), ("img_height", "344"), ("jump_id", id), ("end_time", "3015-01-04 10:28:02"),
            ("jump_type", "1"), ("name", special["title"] ?? ""), ("is_h5", "1"), ("url", special["url"] ?? ""),
            ("tid", id), ("share", "1"),
        ])
    }

    private static func webJump(_ special: JSON) -> JSON {
        .object([("id", special["id"] ?? ""), ("type", "1"), ("jump_type", "1"), ("name", special["title"] ?? ""),
                 ("is_h5", "1"), ("url", special["url"] ?? ""), ("tid", special["id"] ?? ""), ("share", "1")])
    }
}
