import Store
import Wire

/// The per-channel pages: home layout, hot tab, category tree, and the app configuration.
extension YoufanActions {
    /// `Home/getAppLayoutV2` — `page` (the app sends `home`) and `cid`.
    @Sendable static func homeLayout(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let page = try query.required("page")
        let cid = try query.channel()
        guard let layout = try store.layouts.homeLayout(page: page, cid: cid) else {
            throw YoufanFailure.notFound("没有布局: page=\(page) cid=\(cid)")
        }
        return .raw(layout)
    }

    /// `Home/getAppHotLayout` — `cid`.
    @Sendable static func hotLayout(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let cid = try query.channel()
        guard let layout = try store.layouts.hotLayout(cid: cid) else {
            throw YoufanFailure.notFound("没有热门布局: cid=\(cid)")
        }
        return .raw(layout)
    }

    /// `Category/getCategoryList` — `cid`; a channel without categories has an empty tree.
    @Sendable static func categoryList(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let cid = try query.channel()
        return try store.layouts.categoryTree(cid: cid).map(JSON.raw) ?? .array([])
    }

    /// `Config/getAppConfig` on the config front controller — `type` (default 1, what HC sends).
    @Sendable static func appConfig(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let type = String(query.integer("type", fallback: 1))
        guard let config = try store.layouts.appConfig(type: type) else {
            throw YoufanFailure.notFound("没有配置: type=\(type)")
        }
        return .raw(config)
    }
}
