import Store
import Wire

/// MB's brand pavilions (`Unico/SBrand/SNewBrandPavilionViewController.m`) are the catalogue's
/// channels. Hand-written: the list is the fixed set of channels, not a page of a table, and each
/// entry nests a page of another listing.
enum YoufanBrandPavilions {
    /// The channels the brand wall shows (WIRE.md §1.7: `cid` 1 men, 2 women, 4 life).
    static let channels: [(cid: Int, name: String)] = [(1, "男士"), (2, "女士"), (4, "生活")]
    /// How many brands a pavilion shows before "more" (`BrandMb/getBrandListForMore`).
    static let brandsShown = 6

    /// `BrandMb/getBrandCateList` — one `SBrandPavilionModel` per channel that has brands, with
    /// its first brands as `brand_list` and its id as `temp_id` (the `fid` of `getBrandListForMore`).
    @Sendable static func channels(_ context: YoufanContext) throws -> YoufanAnswer {
        let brands = context.store.brands
        let pavilions = try channels.compactMap { channel -> JSON? in
            let items = try JSON.parse(brands.brands(cid: channel.cid, page: YoufanPage(index: 0, size: brandsShown)).json).arrayValue ?? []
            guard let first = items.first else { return nil }
            let codes = items.compactMap { $0["brand_code"]?.stringValue }
            let id = JSON.string(String(channel.cid))
            return .object([
                ("id", id), ("name", .string(channel.name)), ("img", first["img"] ?? ""), ("width", "640"), ("height", "320"),
                ("temp_id", id), ("brand_code", ""), ("type", "2"), ("brand_img", first["logo_img"] ?? ""), ("banner", .array([])),
                ("brand_banner_type", "0"),
                ("brand_list", .array(try YoufanCatalogueRows.brands(codes, .pavilion, context))), ("fixed_list", .array([])),
            ])
        }
        return .list(pavilions, total: pavilions.count)
    }
}
