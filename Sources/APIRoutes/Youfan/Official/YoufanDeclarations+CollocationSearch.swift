/// The SOA generation's collocation lists over the seeded catalogue and the posts made here:
/// the search screen (MB `MBController/Search/CollocationSearchController.m`, posted through
/// `HttpRequest collocationPostRequestPath` → `quickPost`, no token), the screen a collocation
/// detail's tag opens (`UI/V2UI/Home/TagDetailViewController.m`, through `MBShoppingGuideInterface`)
/// and the counts a collocation cell asks for (`UI/View/Collocation/CollocationTableViewCell.m`).
extension YoufanDeclarations {
    /// `pageIndex` from 1, 10 a page unless `pageSize` says otherwise (the tag screen sends 20).
    static let collocationSearchPaging = YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 10)

    static let collocationSearches: [YoufanDeclaration] = [
        YoufanDeclaration("Collocation", "CollocationSearchFilter", .soa, .anyone,
                          [.text("keyWord", default: ""), .json("sortInfo", default: "{}")],
                          .listing(.collocationSearch(keyword: "keyWord", sortInfo: "sortInfo"), paging: collocationSearchPaging),
                          answer: "`total`, `results` = `[{collocationInfo, userPublicEntity}]`: the collocations whose text or author's nickname contains `keyWord` (all when empty); `sortInfo.sortField` 1 newest first, 2 most likes first"),
        YoufanDeclaration("WXSC_Collocation", "CollocationSimilarFilter", .soa, .anyone, [.text("tagId")],
                          .listing(.taggedCollocations("tagId"), paging: collocationSearchPaging),
                          answer: "`total`, `results` = `[{collocationInfo, userPublicEntity}]`, newest first: the collocations carrying the tag `tagId` (a `showTagId` of `WxCollocationBasicInfoFilter`'s `tagMapping`)"),
        YoufanDeclaration("WXSC_Collocation", "WxCollocationStatisticsFilter", .soa, .anyone, [.text("sourceId")],
                          .custom(writes: false, YoufanCollocationStatistics.counts),
                          answer: "top-level `statisticsInfo` = `{sourceId, favoritCount, commentCount, sharedCount}` of collocation `sourceId` (likes captured and given here, the card's `comment_count`, no shares); unknown → `isSuccess` 0"),
    ]
}
