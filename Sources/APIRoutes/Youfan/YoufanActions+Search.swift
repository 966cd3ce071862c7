import Store
import Wire

/// The SOA-style product actions behind the clones' brand, category and size screens.
extension YoufanActions {
    /// `Product/ProductClsCommonSearchFilter` (WIRE.md §2.12) — `brandCode` | `brandId` |
    /// `branD_ID` (any case), `CategoryId` (`1` or empty: all), `keyWord`, `pageIndex` (from 1;
    /// 0 is the first page), `pageSize` (20), `sortInfo` (JSON text `{"desc":…,"sortField":…}`,
    /// keys in either case; anything else: the default order).
    @Sendable static func productSearch(_ store: YoufanStore, _ query: YoufanQuery) throws -> YoufanSOAResults {
        var search = sortInfo(query.optional("sortInfo"))
        search.brandCode = query.optional(["brandCode", "brandId", "branD_ID"])
        search.categoryID = query.optional("CategoryId").flatMap { $0 == "1" ? nil : $0 }
        search.keyword = query.optional(["keyWord", "keyword"])
        let page = YoufanPage(index: query.pageIndex("pageIndex", base: 1),
                              size: query.pageSize(["pageSize", "PageSize"], fallback: YoufanPaging.searchPageSize))
        let found = try store.products.search(search, page: page)
        return YoufanSOAResults(found.rows, total: found.total)
    }

    /// The order `sortInfo` asks for: `sortField` 1 price, 2 sales, 3 newest; `desc` -1 or 1
    /// descending, 0 or absent ascending. GF's 上新 sends `desc` -1 for the newest first
    /// (`utils/UrlUtils.java` `TopNew`), MB -1 for newest, best-selling and dearest first
    /// (`Unico/ClothingCategory/Controller/SClothingCategoryViewController.m`) and `Desc` true
    /// for descending prices (`Unico/SData/SDataCache.m`); TK sends 0 (`BRANDDETAIL_PRICE_PRE`:
    /// cheapest first). Not JSON (GF sends `1`): the default order.
    static func sortInfo(_ text: String?) -> YoufanProductSearch {
        guard let text, let json = try? JSON.parse(Array(text.utf8)) else { return YoufanProductSearch() }
        let field = (json["sortField"] ?? json["SortField"]).map { PHPInteger.intval(Self.text($0)) }
        let desc = (json["desc"] ?? json["Desc"]).map { PHPInteger.intval(Self.text($0)) }
        let order: YoufanProductSearch.Order = switch field {
        case 1: .price
        case 2: .sales
        case 3: .newest
        default: .standard
        }
        return YoufanProductSearch(order: order, descending: desc.map { $0 != 0 } ?? false)
    }

    /// A JSON scalar as the text PHP's `intval` would see: `true` is 1, `false` 0 (MB sends
    /// `Desc` as a boolean).
    private static func text(_ value: JSON) -> String {
        if case let .bool(flag) = value { return flag ? "1" : "0" }
        return value.stringValue ?? String(decoding: value.encoded(), as: UTF8.self)
    }

    /// `Product/ProductSizeTableFilter` (WIRE.md §2.14) — `proD_CLS_ID`, a product code: its size
    /// chart as `size_table` and `sizE_JSON` (arrays of arrays of strings, GF `bean/SizeBean.java`).
    @Sendable static func sizeTable(_ store: YoufanStore, _ query: YoufanQuery) throws -> YoufanSOAResults {
        let code = try query.required("proD_CLS_ID")
        guard let details = try store.products.details(code: code) else { throw unknownProduct(code) }
        let table = try JSON.parse(details)["sizeTable"] ?? .array([])
        let row = JSON.object([("product_sys_code", .string(code)), ("size_table", table),
                               ("size_picture", ""), ("sizE_JSON", table)])
        return YoufanSOAResults(results: .array([row]), total: 1)
    }
}
