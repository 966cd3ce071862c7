import Store
import Wire

/// The counts under a collocation cell of the SOA generation (MB
/// `UI/View/Collocation/CollocationTableViewCell.m`, `WxCollocationStatisticsFilter` through
/// `MBShoppingGuideInterface requestGetUrlName:…responseAll:`).
enum YoufanCollocationStatistics {
    /// `statisticsInfo{favoritCount, commentCount, sharedCount}` (the app's spelling). Hand-written:
    /// the cell reads it beside `isSuccess`, at the top of the answer, where no declared shape
    /// puts anything.
    @Sendable static func counts(_ context: YoufanContext) throws -> YoufanAnswer {
        let id = context.arguments.text("sourceId")
        guard let stored = try context.store.collocations.collocation(id: id) else {
            throw YoufanFailure.notFound("sourceId=\(id) 不存在")
        }
        let info = try YoufanCatalogueRows.collocationInfo(stored, context)
        let counts = JSON.object([("sourceId", info["id"] ?? 0), ("favoritCount", info["favoriteCount"] ?? 0),
                                  ("commentCount", info["commentCount"] ?? 0), ("sharedCount", info["sharedCount"] ?? 0)])
        return YoufanAnswer(data: .array([]), total: 1, extra: [("statisticsInfo", counts)])
    }
}
