/// The catalogue listings of the official app's browsing screens (WIRE.md §3.2): what a
/// `YoufanOperation.listing` pages, filtered by the parameters each case names.
enum YoufanListing: Sendable {
    /// Products as search rows `{clsInfo, prodClsTag}` with the viewer's `clsInfo.isFavorite`.
    case products(YoufanProductFilter, YoufanListPlacement)
    /// Each brand once, in the channels' order, whose names contain the `keyword` parameter.
    case brands(keyword: String?, YoufanBrandRow, YoufanListPlacement)
    /// The brands of the channel (`cid` 1 men, 2 women, 4 life) a parameter names, in its order:
    /// MB's brand pavilions are the channels (`Unico/SBrand/SBrandPavilionViewController.m`).
    case channelBrands(String, YoufanBrandRow)
    /// The collocations' authors, most collocations first, whose nicknames contain `keyword`.
    case stylists(keyword: String?, YoufanStylistRow)
    /// The users who liked the brand a parameter names, latest first (`MBOtherUserInfoModel`).
    case brandLovers(String)
    /// The users who liked the collocation a parameter names, latest first (`MBOtherUserInfoModel`).
    case collocationLovers(String)
    /// The collocations of the stylists the caller follows, with a stylist to follow next.
    case followedCollocations
    /// The users the user a parameter names follows, or with `followers` those who follow them,
    /// latest first, as follow rows seen by the user the `viewer` parameter names (MB
    /// `Unico/SMine/SMineFollowFollowerViewController.m`).
    case follows(user: String, followers: Bool, viewer: String)
    /// The collocations whose text or author contains the `keyword` parameter, ordered by the
    /// `sortField` of the `sortInfo` JSON parameter, as `{collocationInfo, userPublicEntity}`.
    case collocationSearch(keyword: String, sortInfo: String)
    /// The collocations carrying the tag a parameter names, in the same rows.
    case taggedCollocations(String)
}

/// Which products a listing shows; each member names the parameter that carries the filter.
struct YoufanProductFilter: Sendable {
    var brand: String?
    var category: String?
    var keyword: String?
    /// A parameter naming a product: the listing shows the products of its brand.
    var brandOfProduct: String?
    var order: YoufanProductOrder = .standard
}

/// How a product listing is ordered, from the parameters the screen sends.
enum YoufanProductOrder: Sendable {
    case standard
    /// `Item/getItemListForClsV2`'s `orderType`: 0 the default order, 1 cheapest first, 2 dearest first.
    case orderType(String)
    /// `Search/getProductListByKey`'s `sortField` (1 price, 2 sales, 3 newest) and `sortType`
    /// (-1 descending), as MB `Unico/SProductDetail/SSearchSimilarViewController.m` sends them.
    case sortFieldAndType(String, String)
}

/// Where a listing's rows go in the answer.
enum YoufanListPlacement: Sendable {
    /// The rows are the `data` (or SOA `results`).
    case rows
    /// `{list, hotlist, <facets>…}`: `hotlist` is the unfiltered first page when nothing matched
    /// (the search screens show it instead, MB `SSearchSimilarViewController.m`); the facets
    /// are empty arrays.
    case search(facets: [String])
    /// MB's brand wall `{banner:{"1020":[]}, brandList:[…]}` (`Unico/SBrand/SBrandViewController.m`).
    case brandWall
    /// `[{sortString, brandInfo:[…]}]`, the rows grouped by initial in letter order (WIRE.md §2.5);
    /// with `mine`, `{brandList: the groups, myBrand: the viewer's liked brands as rows}`.
    case byInitial(mine: Bool)
}

/// The model a brand row is rendered for.
enum YoufanBrandRow: Sendable {
    /// The brand story (`SBrandStoryDetailModel`, also read as `SearchDataModel`) with the viewer's `is_love`.
    case story
    /// A wall row: the story with `show_type` 0 (a banner row is 1).
    case wall
    /// `SBrandPavilionModel` (MB `Unico/SBrand/SBrandPavilionModel.h`).
    case pavilion
    /// `BrandListCellModel` `{brandID, brandCode, logoImg, brand}` (MB `BrandListViewController.m`).
    case cell
    /// A brand in its initial's group, `{id, brand_code, branD_NAME, cname, ename, first_letter, logO_URL}`
    /// (MB `SSortBrandByLetterModel`).
    case initial
}

/// The model a stylist row is rendered for.
enum YoufanStylistRow: Sendable {
    /// `SStarStoreCellModel` with `show_type` 0 (MB `Unico/SDiscovery/SStarStoreViewController.m`).
    case star
    /// `DesignerModel` (MB `MBController/Search/SearchDesignerViewController.m`).
    case designer
    /// `FoundCellModel` (MB `MBController/Search/FoundCellModel.m`), the search screen's "发现".
    case found
}
