import Foundation
import Store
import Wire

/// `Product/ProductClsFilter`: the product header of the old detail page (WIRE.md §2.13): as
/// captured for a product whose header was imported, else built from its details and stock rows
/// in the shape GF binds (`bean/GridViewDetailBean.java`) and MB reads into `MBGoodsDetailsModel`
/// (`Unico/SItemDetial/MBGoodsDetailsModel.h`).
extension YoufanActions {
    /// `IDS` (GF: one code) or `ids` (MB: a JSON array text such as `["160300001","160300002"]`);
    /// a comma-separated list is read too. One result per code, in the order asked; an unknown
    /// code is a business failure (`isSuccess` 0).
    @Sendable static func productHeaders(_ store: YoufanStore, _ query: YoufanQuery) throws -> YoufanSOAResults {
        let codes = headerCodes(try query.optional(["IDS", "ids"]) ?? query.required("ids"))
        guard !codes.isEmpty else { throw YoufanFailure.missing("ids") }
        let headers = try codes.map { try productHeader(code: $0, store: store) }
        guard let viewer = try YoufanViewerMarks.context(store, query) else {
            return YoufanSOAResults(results: .array(headers), total: headers.count)
        }
        let marked = try zip(codes, headers).map { code, header in
            YoufanViewerMarks.setting("isFavorite", to: .bool(try YoufanViewerMarks.isFavourite(code, viewer)),
                                      in: header)
        }
        return YoufanSOAResults(results: .array(marked), total: marked.count)
    }

    /// A product's header: as captured, else built from its details and stock rows; an unknown
    /// code is the app's parameter error.
    static func productHeader(code: String, store: YoufanStore) throws -> JSON {
        if let captured = try store.capturedPages.productHeader(code: code) { return .raw(captured) }
        guard let found = try productDetails(code: code, store) else { throw unknownProduct(code) }
        // Parsed once here: the header reads many of its members.
        let details = if case let .raw(bytes) = found { try JSON.parse(bytes) } else { found }
        return header(code: code, details: details, stock: try elements(store.products.stockRows(code: code)))
    }

    /// The codes of an `IDS`/`ids` value: a JSON array of strings or numbers, else a comma list.
    private static func headerCodes(_ value: String) -> [String] {
        if let array = (try? JSON.parse(value))?.arrayValue {
            return array.compactMap { $0.stringValue ?? $0.intValue.map(String.init) }.filter { !$0.isEmpty }
        }
        return productCodes(value)
    }

    private static func header(code: String, details: JSON, stock: [JSON]) -> JSON {
        let info = details["clsInfo"] ?? .object([])
        let comments = details["commentCount"]?.intValue ?? 0
        let favourites = comments * 13 + 17
        let clsInfo = JSON.object([
            ("id", .string(code)), ("code", .string(code)), ("marketTime", "2016-03-01 10:00:00"),
            ("status", .int(Int64(info["status"]?.intValue ?? 2))), ("stockCount", .int(Int64(info["stockCount"]?.intValue ?? 0))),
            ("statusname", info["statusname"] ?? ""), ("sale_price", info["sale_price"] ?? ""),
            ("description", info["description"] ?? ""), ("favoriteCount", .int(Int64(favourites))),
            ("name", info["name"] ?? ""), ("price", info["marketPrice"] ?? ""), ("brand", info["brand"] ?? ""),
            ("brandUrl", info["brandUrl"] ?? ""), ("branD_ID", info["brandId"] ?? ""),
            ("mainImage", info["mainImage"] ?? ""), ("showName", info["showName"] ?? ""),
        ])
        let colorList = distinct(stock, by: "coloR_ID").map { row -> JSON in
            .object([("code", row["coloR_ID"] ?? ""), ("name", row["coloR_NAME"] ?? ""), ("picurl", row["coloR_FILE_PATH"] ?? "")])
        }
        let specList = distinct(stock, by: "speC_NAME").map { row -> JSON in
            .object([("code", row["speC_ID"] ?? ""), ("name", row["speC_NAME"] ?? "")])
        }
        let counts = countTotal(details: details, comments: comments, favourites: favourites)
        let members: [(key: String, value: JSON)] = [
            ("clsInfo", clsInfo), ("isFavorite", .bool(false)), ("commonCountTotal", counts),
            ("colorList", .array(colorList)), ("specList", .array(specList)),
            // MB's MBGoodsDetailsModel files these rows under its colours and sizes by coloR_ID and speC_ID.
            ("stockList", .array(stock)),
            ("proPicUrl", details["proPicUrl"] ?? .array([])), ("clsPicUrl", details["clsPicUrl"] ?? .array([])),
            ("activity", details["activity"] ?? .array([])),
        ]
        return .object(members)
    }

    /// Integers except `percent` and `avgCommentNew` (GF `bean/GridViewDetailBean.java`).
    private static func countTotal(details: JSON, comments: Int, favourites: Int) -> JSON {
        let average = details["avgComment"]?.stringValue ?? "5.0"
        let score = Double(average) ?? 5
        return .object([
            ("sourceID", 0), ("commentCount", .int(Int64(comments))), ("countScore", .int(Int64((score * Double(comments)).rounded()))),
            ("browserCount", .int(Int64(favourites * 17))), ("sharedCount", 0), ("favoritCount", .int(Int64(favourites))),
            ("percent", .string("\(Int((score / 5 * 100).rounded()))%")), ("avgComment", .int(Int64(score.rounded()))),
            ("avgCommentNew", .string(average)), ("saleQty", 0), ("procodeCount", .int(Int64(comments))), ("collocationCount", 0),
        ])
    }

    /// The first row of each distinct value of `key`, in row order.
    private static func distinct(_ rows: [JSON], by key: String) -> [JSON] {
        var seen: Set<String> = []
        return rows.filter { row in row[key]?.stringValue.map { seen.insert($0).inserted } ?? false }
    }
}
