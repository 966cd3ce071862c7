import Foundation
import Store
import Wire

/// `Product/ProductClsFilter`: the product header of the old detail page (WIRE.md §2.13), built
/// from the stored product details and colour rows in the shape GF binds
/// (`bean/GridViewDetailBean.java`) and MB reads into `MBGoodsDetailsModel`
/// (`Unico/SItemDetial/MBGoodsDetailsModel.h`).
extension YoufanActions {
    /// `IDS` (GF: one code) or `ids` (MB: a JSON array text such as `["160300001","160300002"]`);
    /// a comma-separated list is read too. One result per code, in the order asked; an unknown
    /// code is a business failure (`isSuccess` 0).
    @Sendable static func productHeaders(_ store: YoufanStore, _ query: YoufanQuery) throws -> YoufanSOAResults {
        let codes = headerCodes(try query.optional(["IDS", "ids"]) ?? query.required("ids"))
        guard !codes.isEmpty else { throw YoufanFailure.missing("ids") }
        var headers: [JSON] = []
        for code in codes {
            guard let stored = try store.products.details(code: code) else { throw unknownProduct(code) }
            let details = try JSON.parse(stored)
            let colours = try elements(store.products.colours(code: code))
            headers.append(header(code: code, details: details, colours: colours))
        }
        return YoufanSOAResults(results: .array(headers), total: headers.count)
    }

    /// The codes of an `IDS`/`ids` value: a JSON array of strings or numbers, else a comma list.
    private static func headerCodes(_ value: String) -> [String] {
        if let array = (try? JSON.parse(value))?.arrayValue {
            return array.compactMap { $0.stringValue ?? $0.intValue.map(String.init) }.filter { !$0.isEmpty }
        }
        return productCodes(value)
    }

    private static func header(code: String, details: JSON, colours: [JSON]) -> JSON {
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
        let colorList: [JSON] = colours.map { colour in
            .object([("code", colour["coloR_ID"] ?? ""), ("name", colour["coloR_NAME"] ?? ""),
                     ("picurl", colour["coloR_FILE_PATH"] ?? "")])
        }
        let counts = countTotal(details: details, comments: comments, favourites: favourites)
        let members: [(key: String, value: JSON)] = [
            ("clsInfo", clsInfo), ("isFavorite", .bool(false)), ("commonCountTotal", counts),
            ("colorList", .array(colorList)), ("specList", .array(sizes(colours))),
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

    /// The sizes of every colour, each name once, in first-seen order: `{code, name}`.
    private static func sizes(_ colours: [JSON]) -> [JSON] {
        var seen: Set<String> = []
        return colours.flatMap { $0["sizeList"]?.arrayValue ?? [] }.compactMap { size in
            guard let name = size["speC_NAME"]?.stringValue, seen.insert(name).inserted else { return nil }
            return .object([("code", size["speC_ID"] ?? ""), ("name", .string(name))])
        }
    }
}
