/// What the SOA product search (`Product/ProductClsCommonSearchFilter`) filters and orders by.
/// Absent filters match everything.
public struct YoufanProductSearch: Sendable, Equatable {
    /// The order of the results (`sortInfo.sortField`: 1 price, 2 sales, 3 newest).
    public enum Order: Sendable, Equatable {
        case standard, price, sales, newest
    }

    /// A brand code, matched case-insensitively (`RJKK` is `rjkk`).
    public var brandCode: String?
    /// A category id (level 3 of a channel's tree).
    public var categoryID: String?
    /// Text the product name contains.
    public var keyword: String?
    public var order: Order
    public var descending: Bool

    public init(brandCode: String? = nil, categoryID: String? = nil, keyword: String? = nil,
                order: Order = .standard, descending: Bool = false) {
        self.brandCode = brandCode
        self.categoryID = categoryID
        self.keyword = keyword
        self.order = order
        self.descending = descending
    }
}

/// One page of search results and how many match in all.
public struct YoufanSearchPage: Sendable {
    public let rows: YoufanList
    public let total: Int
}

extension YoufanProductRepository {
    /// A page of search rows, each `{clsInfo, prodClsTag}` built from the stored list item in the
    /// SOA shape the clients bind (SP `bean/PinPaiDetail.java`, TK
    /// `domain/search/branddetail/ClsInfo.java`): integer prices, counts and status, boolean
    /// `isFavorite`, an `id` always present.
    public func search(_ search: YoufanProductSearch, page: YoufanPage) throws -> YoufanSearchPage {
        let filters: [SQLValue] = [search.brandCode.map(SQLValue.text) ?? .null,
                                   search.categoryID.map(SQLValue.text) ?? .null,
                                   search.keyword.map(SQLValue.text) ?? .null]
        let direction = search.descending ? "DESC" : "ASC"
        let order = switch search.order {
        case .standard: "p.code \(direction)"
        case .price: "CAST(json_extract(p.item, '$.price') AS REAL) \(direction), p.code"
        case .sales: "json_extract(p.item, '$.sale_num') \(direction), p.code"
        case .newest: "json_extract(p.item, '$.on_sale_date') \(direction), p.code"
        }
        return try database.read { connection in
            let rows = try YoufanSQL.list("""
                SELECT \(Self.searchRowJSON) FROM youfan_products AS p WHERE \(Self.searchFilter)
                ORDER BY \(order) LIMIT ?4 OFFSET ?5
                """, filters + [SQLValue(page.limit), SQLValue(page.offset)], in: connection)
            let total = try connection.queryFirst("SELECT count(*) FROM youfan_products AS p WHERE \(Self.searchFilter)",
                                                  filters)?.int(at: 0) ?? 0
            return YoufanSearchPage(rows: rows, total: total)
        }
    }

    /// Which products of `youfan_products AS p` a search matches: `?1` brand code, `?2` category,
    /// `?3` keyword, each NULL for no filter (also `facets`).
    static let searchFilter = """
        p.item IS NOT NULL
        AND (?1 IS NULL OR lower(json_extract(p.item, '$.brand_code')) = lower(?1))
        AND (?2 IS NULL OR json_extract(p.item, '$.cate_id') = ?2)
        AND (?3 IS NULL OR instr(json_extract(p.item, '$.product_name'), ?3) > 0)
        """

    static let searchRowJSON = """
        json_object('clsInfo', json_object(
            'id', p.code, 'barCode', p.code, 'code', p.code,
            'name', json_extract(p.item, '$.product_name'),
            'price', CAST(json_extract(p.item, '$.market_price') AS INTEGER),
            'uP_COUNT', ifnull(json_extract(p.item, '$.sale_num'), 0),
            'brand', json_extract(p.item, '$.brandName'),
            'brandUrl', ifnull(json_extract(p.item, '$.brandUrl'), ''),
            'branD_ID', CAST(json_extract(p.item, '$.brand_id') AS INTEGER),
            'brandCode', ifnull(json_extract(p.item, '$.brand_code'), ''),
            'salE_ATTRIBUTE', '零售', 'remark', '',
            'stockCount', CAST(ifnull(json_extract(p.item, '$.stock_num'), 0) AS INTEGER),
            'sale_price', CAST(json_extract(p.item, '$.price') AS INTEGER),
            'status', CAST(ifnull(json_extract(p.item, '$.status'), 0) AS INTEGER),
            'favoriteCount', ifnull(json_extract(p.item, '$.sale_num'), 0) / 3,
            'mainImage', ifnull(json_extract(p.item, '$.product_url'), ''),
            'collocationCount', 0, 'colL_COUNT', 0,
            'marketTime', ifnull(json_extract(p.item, '$.on_sale_date'), ''), 'offLineTime', '',
            'plaN_LIST_TIME', ifnull(json_extract(p.item, '$.on_sale_date'), ''), 'plaN_UNLIST_TIME', '',
            'isFavorite', json('false'),
            'activity_icon', ifnull(json_extract(p.item, '$.activity_icon'), '')),
          'prodClsTag', ifnull(json_extract(p.item, '$.prodClsTag'), json('[]')))
        """
}
