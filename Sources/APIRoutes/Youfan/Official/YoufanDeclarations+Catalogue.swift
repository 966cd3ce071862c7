import Wire

/// The official app's catalogue reads (WIRE.md §3.2: Product, Item, Brand, BrandMb, Search,
/// Designer, Home): products, brands and stylists over the seeded catalogue, with the viewer's
/// favourites, likes and follows where the app shows them.
extension YoufanDeclarations {
    static let catalogue: [YoufanDeclaration] = productLists + brandLists + stylistLists + itemPages + [
        YoufanDeclaration("Home", "getCollocationListFollows", .php, .signedIn, [],
                          .listing(.followedCollocations, paging: .php),
                          answer: "`data` = `{collocation:[CollocationCard], recommend:{user_id, nick_name, head_img, concernCount, isConcerned}}`: the posts of the followed stylists, newest first, and a stylist not followed yet"),
    ]

    /// Product listings: search rows `{clsInfo, prodClsTag}` with the viewer's `isFavorite`.
    static let productLists: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "getProductListBySameCodeV2", .soa, .anyone, [.text("code")],
                          .listing(.products(YoufanProductFilter(brandOfProduct: "code"), .rows), paging: .php),
                          answer: "`results` = search rows of the brand of product `code`; unknown code → `isSuccess` 0"),
        YoufanDeclaration("Product", "searchProductListByUpload", .soa, .anyone,
                          [.text("brandCode", default: ""), .text("cateId", default: ""), .text("colorCode", default: "")],
                          .listing(.products(YoufanProductFilter(brand: "brandCode", category: "cateId"), .rows), paging: .php),
                          answer: "`total`, `results` = search rows of brand `brandCode` and category `cateId` (each optional)"),
        YoufanDeclaration("Product", "ProductClsByBrandIdFilter", .soa, .anyone, [.text("branD_ID", "brandCode", "brandId")],
                          .listing(.products(YoufanProductFilter(brand: "branD_ID"), .rows),
                                   paging: YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 14)),
                          answer: "`total`, `results` = search rows of the brand"),
        YoufanDeclaration("Item", "getItemListForClsV2", .php, .anyone, [.text("tid"), .text("orderType", default: "0")],
                          .listing(.products(YoufanProductFilter(category: "tid", order: .orderType("orderType")), .rows), paging: .php),
                          answer: "`data` = search rows of category `tid`; `orderType` 1 cheapest first, 2 dearest first"),
        YoufanDeclaration("Search", "getProductListByKey", .php, .anyone,
                          [.text("keyword", "keyWord", default: ""), .text("brand", default: ""), .text("cid", default: ""),
                           .text("sortField", default: "0"), .text("sortType", default: "-1")],
                          .listing(.products(YoufanProductFilter(brand: "brand", category: "cid", keyword: "keyword",
                                                                 order: .sortFieldAndType("sortField", "sortType")),
                                             .search(facets: ["brand", "cid", "color", "sizeCode", "priceRange", "discountRange"])),
                                   paging: .php),
                          answer: "`data` = `{list, hotlist, brand, cid, color, sizeCode, priceRange, discountRange}`: search rows whose name contains `keyword`; `hotlist` the first unfiltered page when nothing matched; facets empty"),
    ]

    /// Brand listings: the brand story, a wall row, a pavilion or a list cell per brand.
    static let brandLists: [YoufanDeclaration] = [
        YoufanDeclaration("Search", "getBrandListByKey", .php, .anyone, [.text("keyword", "keyWord", default: "")],
                          .listing(.brands(keyword: "keyword", .story, .search(facets: [])), paging: .php),
                          answer: "`data` = `{list, hotlist}` of brand stories whose names contain `keyword`; `hotlist` the first page of all brands when nothing matched"),
        YoufanDeclaration("BrandMb", "getAllBrandListWithItem", .php, .anyone, [],
                          .listing(.brands(keyword: nil, .wall, .brandWall), paging: .php),
                          answer: "`data` = `{banner:{\"1020\":[]}, brandList:[brand story + show_type 0]}`"),
        YoufanDeclaration("BrandMb", "getRecommendBrandList", .php, .anyone, [],
                          .listing(.brands(keyword: nil, .wall, .brandWall), paging: .php),
                          answer: "`data` as `getAllBrandListWithItem`"),
        YoufanDeclaration("BrandMb", "getBrandCateList", .php, .anyone, [],
                          .custom(writes: false, YoufanBrandPavilions.channels),
                          answer: "`data` = `[SBrandPavilionModel]`, one per channel (1 男士, 2 女士, 4 生活) with its first brands as `brand_list`"),
        YoufanDeclaration("BrandMb", "getBrandListForMore", .php, .anyone, [.text("fid", default: "1")],
                          .listing(.channelBrands("fid", .pavilion), paging: .php),
                          answer: "`data` = `[SBrandPavilionModel]`: the brands of channel `fid`"),
        YoufanDeclaration("Brand", "getBrandListForMore", .php, .anyone, [.text("fid", default: "1")],
                          .listing(.channelBrands("fid", .pavilion), paging: .php),
                          answer: "`data` as `BrandMb/getBrandListForMore`"),
        YoufanDeclaration("Product", "BrandFilter", .soa, .anyone, [],
                          .listing(.brands(keyword: nil, .cell, .rows), paging: .soa),
                          answer: "`total`, `results` = `[{brandID, brandCode, logoImg, brand}]`"),
        YoufanDeclaration("Product", "BrandOrderFilter", .soa, .anyone, [],
                          .listing(.brands(keyword: nil, .initial, .byInitial(mine: false)), paging: .soa),
                          answer: "`total`, `results` = `[{sortString, brandInfo:[{id, brand_code, branD_NAME, first_letter, logO_URL}]}]`: a page of brands grouped by initial"),
        YoufanDeclaration("Product", "BrandOrderFilterWithUse", .soa, .anyone, [],
                          .listing(.brands(keyword: nil, .initial, .byInitial(mine: true)), paging: .soa),
                          answer: "`results` = `{brandList: as BrandOrderFilter, myBrand: the viewer's liked brands}`"),
        YoufanDeclaration("BrandMb", "getBrandLikeUserList", .php, .anyone, [.text("brandCode")],
                          .listing(.brandLovers("brandCode"), paging: .php),
                          answer: "`data` = `[MBOtherUserInfoModel]` who liked the brand, latest first; unknown brand → -100"),
    ]

    /// Stylists: the collocations' authors, with the viewer's follows.
    static let stylistLists: [YoufanDeclaration] = [
        YoufanDeclaration("Designer", "getAllDesignerList", .php, .anyone, [],
                          .listing(.stylists(keyword: nil, .star), paging: .php),
                          answer: "`data` = `[{show_type 0, user_id, nick_name, head_img, collocationCount, concernCount, is_like, collocation_list}]`, most collocations first"),
        YoufanDeclaration("Designer", "getStarDesignerList", .php, .anyone, [],
                          .listing(.stylists(keyword: nil, .star), paging: .php),
                          answer: "`data` = `[SStarStoreCellModel]` (`show_type` 0) as `getAllDesignerList`"),
        YoufanDeclaration("WXSC_Account", "DesignerSearchFilter", .soa, .anyone, [.text("keyWord", "keyword", default: "")],
                          .listing(.stylists(keyword: "keyWord", .designer), paging: .soa),
                          answer: "`total`, `results` = `[DesignerModel]` whose nickname contains `keyWord`, `isConcerned` (bool) for the caller"),
    ]
}

extension YoufanDeclarations {
    /// Product pages and the fashion feed, each joining several tables (`YoufanItemPages`).
    static let itemPages: [YoufanDeclaration] = [
        YoufanDeclaration("Item", "getItemDetails", .php, .anyone, [.text("tid")],
                          .custom(writes: false, YoufanItemPages.details),
                          answer: "`data` = `{middle:[CollocationCard wearing tid], banner:{\"1007\":[]}}`; unknown → -100"),
        YoufanDeclaration("Item", "getItemDetailsV2", .php, .anyone, [.text("tid")],
                          .custom(writes: false, YoufanItemPages.detailsV2),
                          answer: "`data` = the `ProductClsFilter` header with the viewer's `isFavorite` (bool) and `tag`; unknown → -100"),
        YoufanDeclaration("Item", "getItemClsDetails", .php, .anyone, [.text("fid")],
                          .custom(writes: false, YoufanCategoryPages.details),
                          answer: "`data` = `{img, info, middle:[{small_img, name, fixed_id, temp_id}]}`: category `fid` and its sub-categories (`temp_id` is `getItemListForClsV2`'s `tid`); unknown → -100"),
        YoufanDeclaration("Item", "getItemClsListForMore", .php, .anyone, [.text("fid")],
                          .custom(writes: false, YoufanCategoryPages.more),
                          answer: "`data` = `[{id, big_img, small_img, fixed_id, info, name, temp_id, brand_code}]`: the sub-categories of `fid`; unknown → -100"),
        YoufanDeclaration("Fashion", "getAllFashionList", .php, .anyone, [],
                          .custom(writes: false, YoufanItemPages.fashion),
                          answer: "`data` = `[{id, img, img_width, img_height, name, info, url}]`, the inspiration articles, `page` from 0, 10 a page"),
    ]
}
