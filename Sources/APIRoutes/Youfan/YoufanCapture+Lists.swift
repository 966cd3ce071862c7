import Store

/// Paged and per-product lists: each item is stored on its own, keyed by its id.
extension YoufanCapture {
    func brandPage() throws -> Bool {
        guard let cid = channel, let items = data.arrayValue else { return false }
        let first = firstPosition(index: "pageIndex", sizes: ["pageSize", "PageSize"], fallbackSize: YoufanPaging.brandPageSize)
        for (offset, item) in items.enumerated() {
            guard let code = Self.identifier(item, "brand_code") ?? Self.identifier(item, "data_id") else { continue }
            try YoufanBrandRepository.saveBrand(item.encoded(), code: code, cid: cid, position: first + offset, in: connection)
        }
        return true
    }

    /// `data` is `{"productList": […]}` (HC `Controllers/Base/HomePageViewModel.m`).
    func recommendedPage() throws -> Bool {
        guard let cid = channel, let items = data["productList"]?.arrayValue else { return false }
        let first = firstPosition(index: "page", sizes: ["num"], fallbackSize: YoufanPaging.productPageSize)
        for (offset, item) in items.enumerated() {
            guard let code = Self.identifier(item, "product_sys_code") else { continue }
            try YoufanProductRepository.saveRecommended(item.encoded(), code: code, cid: cid, position: first + offset, in: connection)
        }
        return true
    }

    func productDetails() throws -> Bool {
        guard data.objectValue != nil,
              let code = text("code") ?? data["clsInfo"].flatMap({ Self.identifier($0, "code") })
        else { return false }
        try YoufanProductRepository.saveDetails(data.encoded(), code: code, in: connection)
        return true
    }

    /// `data` is `{"sys": […]}` as the real server sent it (HC reads `value[data][sys]`); a
    /// bare array, as older captures hold it, is read too.
    func productConsults() throws -> Bool {
        guard let code = text("code"), let items = (data["sys"] ?? data).arrayValue else { return false }
        try YoufanProductRepository.replaceConsults(items.map { $0.encoded() }, code: code, in: connection)
        return true
    }

    /// A filter answer lists the stock rows (one per colour and size) of every requested code;
    /// each row names its product in `proD_CLS_NUM` (a single requested code claims rows that do
    /// not) and is kept under its colour and size.
    func productStock() throws -> Bool {
        guard let list = text("prodClsIdList"), let items = data.arrayValue else { return false }
        let codes = YoufanActions.productCodes(list)
        guard !codes.isEmpty else { return false }
        var rows: [String: [(key: String, item: [UInt8])]] = [:]
        for (offset, item) in items.enumerated() {
            guard let code = Self.identifier(item, "proD_CLS_NUM") ?? (codes.count == 1 ? codes[0] : nil) else { continue }
            let colour = Self.identifier(item, "coloR_ID") ?? String(offset)
            let key = Self.identifier(item, "speC_ID").map { "\(colour)/\($0)" } ?? colour
            rows[code, default: []].append((key: key, item: item.encoded()))
        }
        for code in codes {
            try YoufanProductRepository.replaceStockRows(rows[code] ?? [], code: code, in: connection)
        }
        return true
    }

    func commentPage() throws -> Bool {
        guard let type = text("type"), let tid = text("tid"), let items = data.arrayValue else { return false }
        if type == YoufanActions.productCommentType {
            try YoufanProductRepository.ensureProduct(code: tid, in: connection)
        }
        let first = firstPosition(index: "page", sizes: [], fallbackSize: YoufanPaging.commentPageSize)
        for (offset, item) in items.enumerated() {
            let position = first + offset
            let id = Self.identifier(item, "id") ?? "position-\(position)"
            try YoufanCommentRepository.saveComment(item.encoded(), id: id, type: type, tid: tid, position: position, in: connection)
        }
        return true
    }

    func collocationPage() throws -> Bool {
        guard let items = data.arrayValue else { return false }
        for item in items {
            guard let infoID = Self.identifier(item, "id"),
                  let userType = text("userType") ?? Self.identifier(item, "user_type") else { continue }
            try YoufanCollocationRepository.saveCollocation(item.encoded(), infoID: infoID, userType: userType,
                                                   recency: Int(infoID) ?? 0, in: connection)
        }
        return true
    }

    /// A specials page carries the tabs (`attr`), a page of the list, and `layoutType`.
    func specialPage() throws -> Bool {
        guard data.objectValue != nil else { return false }
        // `attr` starts with "全部" (every tab), whose `id` is "" (SP `bean/LingGanZiXun.java`).
        for (position, tab) in (data["attr"]?.arrayValue ?? []).enumerated() where tab["id"] != nil {
            let tabID = Self.identifier(tab, "id") ?? ""
            try YoufanSpecialRepository.saveTab(tab.encoded(), tabID: tabID, position: position, in: connection)
        }
        let aid = query.integer("aid", fallback: 0)
        let requestedTab = aid == 0 ? nil : String(aid)
        for item in data["list"]?.arrayValue ?? [] {
            guard let infoID = Self.identifier(item, "id") else { continue }
            let tabID = requestedTab ?? Self.identifier(item, "tab_id") ?? ""
            try YoufanSpecialRepository.saveSpecial(item.encoded(), infoID: infoID, tabID: tabID,
                                           recency: Int(infoID) ?? 0, in: connection)
        }
        if let layoutType = data["layoutType"], !layoutType.isNull {
            try YoufanSpecialRepository.saveLayoutType(layoutType.encoded(), in: connection)
        }
        return true
    }
}
