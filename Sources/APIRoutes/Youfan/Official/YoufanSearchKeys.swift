import Store
import Wire

/// `Search/getSearchKey`, the filter screen of the product lists (MB
/// `Unico/SItemDetial/SFilterCollectionViewController.m`: a bare AFNetworking GET with
/// `keyword`, `brand` and `cid`, whose `results` it reads without looking at a status).
/// `results` is a list of objects, each carrying one of the members the screen looks for:
/// - `subFilters` = `[{code, name, values}]`: `price` (`FilterPirceRangeModel`, the bands of
///   `Product/BasePriceFilter`), `size` (`FilterSizeCategoryModel` `{code, name, count,
///   sortIndex}`), `color` (`{id, coloR_CODE, coloR_NAME, coloR_VALUE, series_img}` as
///   `SSelectProductColorViewController.mm` reads them) and `brand` (the initial groups of
///   `Product/BrandOrderFilter`), each from the products that match;
/// - `currentCategory` = the channels' category trees `[{id, name, subs:[{id, name, subs:[{id,
///   parent_id, url, name}]}]}]`, the three levels `SSelectProductCategoryViewController.mm` shows;
/// - with `cid`, `parentCategory` = `{catId, catName, subs}`: the screen takes `subs[0]` as the
///   chosen sub-category and `subs[2]` as the category it names in front of it, so `subs` is
///   the path up from the sub-category: itself, its category, its channel.
/// Hand-written: the answer summarises the matching catalogue several ways at once.
enum YoufanSearchKeys {
    private typealias Category = (id: String, name: String)

    @Sendable static func filters(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        var search = YoufanProductSearch(keyword: arguments.nonEmpty("keyword"))
        if let brand = arguments.nonEmpty("brand") {
            guard let code = try YoufanDeclarations.brandExists(context.store, brand) else {
                throw YoufanFailure.notFound("brand=\(brand) 不存在")
            }
            search.brandCode = code
        }
        let channels = try YoufanBrandPavilions.channels.map { channel in
            (channel: Category(String(channel.cid), channel.name),
             categories: try context.store.layouts.categoryTree(cid: channel.cid).flatMap { try JSON.parse($0).arrayValue } ?? [])
        }
        var results: [JSON] = []
        if let cid = arguments.nonEmpty("cid") {
            guard let path = path(to: cid, channels) else { throw YoufanFailure.notFound("cid=\(cid) 不存在") }
            search.categoryID = cid
            results.append(.object([("parentCategory", .object(members(path[1]) + [("subs", .array(path.map { .object(members($0)) }))]))]))
        }
        let facets = try context.store.products.facets(search)
        let brands = try YoufanCatalogueRows.brands(facets.brandCodes, .initial, context)
        results.append(.object([("subFilters", .array([
            filter("price", "价格", try YoufanFilterChoices.prices(context).data),
            filter("size", "尺码", .array(try sizes(facets.sizes))),
            filter("color", "颜色", .array(try YoufanFilterChoices.colourRows(facets.colours))),
            filter("brand", "品牌", try YoufanListPlacement.byInitial(mine: false).answer(brands, total: brands.count, context) { [] }.data),
        ]))]))
        results.append(.object([("currentCategory", .array(channels.map { tree($0.channel, $0.categories) }))]))
        return .list(results, total: results.count)
    }

    private static func filter(_ code: String, _ name: String, _ values: JSON) -> JSON {
        .object([("code", .string(code)), ("name", .string(name)), ("values", values)])
    }

    /// `FilterSizeCategoryModel`: text `code` and `name`, numbers `count` and `sortIndex`.
    private static func sizes(_ sizes: YoufanList) throws -> [JSON] {
        (try JSON.parse(sizes.json).arrayValue ?? []).enumerated().map { index, size in
            .object([("code", size["speC_ID"] ?? ""), ("name", size["speC_NAME"] ?? ""),
                     ("count", size["products"] ?? 0), ("sortIndex", .int(index + 1))])
        }
    }

    /// The sub-category `cid` names (a third-level node), its category and its channel.
    private static func path(to cid: String, _ channels: [(channel: Category, categories: [JSON])]) -> [Category]? {
        for (channel, categories) in channels {
            for category in categories {
                if let sub = (category["subs"]?.arrayValue ?? []).first(where: { YoufanCapture.identifier($0, "id") == cid }) {
                    return [named(sub), named(category), channel]
                }
            }
        }
        return nil
    }

    private static func named(_ node: JSON) -> Category {
        (YoufanCapture.identifier(node, "id") ?? "", node["cate_name"]?.stringValue ?? "")
    }

    private static func members(_ category: Category) -> [(key: String, value: JSON)] {
        [("catId", .string(category.id)), ("catName", .string(category.name))]
    }

    /// A channel with its categories and their sub-categories, as the category picker reads them.
    private static func tree(_ channel: Category, _ categories: [JSON]) -> JSON {
        .object([("id", .string(channel.id)), ("name", .string(channel.name)), ("subs", .array(categories.map { category in
            .object([("id", .string(named(category).id)), ("name", .string(named(category).name)),
                     ("subs", .array((category["subs"]?.arrayValue ?? []).map { sub in
                         .object([("id", .string(named(sub).id)), ("parent_id", .string(named(category).id)),
                                  ("url", sub["img"] ?? ""), ("name", .string(named(sub).name))])
                     }))])
        }))])
    }
}
