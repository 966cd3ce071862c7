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

    /// `Product/getProductCategoryList` — `cid` is a category id here (GF
    /// `activity/HotItemActivity.java` passes a `temp_id`): that category with its sub-categories,
    /// in the shape GF binds (`bean/HotInsideBean.java`): `[{id, sort, level, name, temp_id, url,
    /// parent_id, subs: [same]}]`. GF searches next with `data[0].subs[0].temp_id`. An unknown
    /// category is a parameter error.
    @Sendable static func productCategories(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        let id = try query.required("cid")
        for tree in try store.layouts.categoryTrees() {
            if let found = try JSON.parse(tree).arrayValue.flatMap({ category(id, in: $0) }) {
                return .array([hotInside(found)])
            }
        }
        throw YoufanFailure.notFound("分类不存在: cid=\(id)")
    }

    /// The node with this `id` in a category tree.
    private static func category(_ id: String, in nodes: [JSON]) -> JSON? {
        for node in nodes {
            if node["id"]?.stringValue == id { return node }
            if let found = category(id, in: node["subs"]?.arrayValue ?? []) { return found }
        }
        return nil
    }

    /// A tree node renamed as `getProductCategoryList` answers it.
    private static func hotInside(_ node: JSON, sort: Int = 1) -> JSON {
        let id = node["id"] ?? ""
        var members: [(key: String, value: JSON)] = [
            ("id", id), ("sort", .string(String(sort))), ("level", node["level"] ?? ""),
            ("name", node["cate_name"] ?? ""), ("temp_id", id), ("url", node["img"] ?? ""),
            ("parent_id", node["parent_id"] ?? ""),
        ]
        if let subs = node["subs"]?.arrayValue {
            members.append(("subs", .array(subs.enumerated().map { hotInside($0.element, sort: $0.offset + 1) })))
        }
        return .object(members)
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
