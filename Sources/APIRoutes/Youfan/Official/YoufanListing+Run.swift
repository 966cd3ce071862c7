import Store
import Wire

extension YoufanListing {
    /// One page of the listing, placed in the answer the way its screen reads it.
    func answer(page: YoufanPage, _ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        switch self {
        case let .products(filter, placement):
            let found = try context.store.products.search(try filter.search(context), page: page)
            return try placement.answer(try YoufanCatalogueRows.products(found.rows, context), total: found.total, context) {
                try YoufanCatalogueRows.products(context.store.products.search(YoufanProductSearch(), page: page).rows, context)
            }
        case let .brands(keyword, row, placement):
            let found = try context.store.brands.codes(keyword: keyword.flatMap(arguments.nonEmpty), page: page)
            return try placement.answer(try YoufanCatalogueRows.brands(found.codes, row, context), total: found.total, context) {
                try YoufanCatalogueRows.brands(context.store.brands.codes(keyword: nil, page: page).codes, row, context)
            }
        case let .channelBrands(parameter, row):
            let found = try context.store.brands.brands(cid: arguments.integer(parameter), page: page)
            let codes = (try JSON.parse(found.json).arrayValue ?? []).compactMap { $0["brand_code"]?.stringValue }
            return .list(try YoufanCatalogueRows.brands(codes, row, context),
                         total: try context.store.brands.count(cid: arguments.integer(parameter)))
        case let .stylists(keyword, row):
            let found = try context.store.collocations.stylists(keyword: keyword.flatMap(arguments.nonEmpty), page: page)
            return .list(try found.stylists.map { try YoufanCatalogueRows.stylist($0, row, context) }, total: found.total)
        case let .brandLovers(parameter):
            guard let brand = try YoufanDeclarations.brandExists(context.store, arguments.text(parameter)) else {
                throw YoufanFailure.notFound("\(parameter)=\(arguments.text(parameter)) 不存在")
            }
            let found = try context.store.marks.markers(YoufanMark.brandLike.rawValue, target: brand, page: page)
            return .list(try found.users.map { try YoufanCatalogueRows.user($0, context) }, total: found.total)
        case let .collocationLovers(parameter):
            let id = arguments.text(parameter)
            guard try YoufanDeclarations.collocationExists(context.store, id) != nil else {
                throw YoufanFailure.notFound("\(parameter)=\(id) 不存在")
            }
            let found = try context.store.marks.markers(YoufanMark.collocationLike.rawValue, target: id, page: page)
            return .list(try found.users.map { try YoufanCatalogueRows.user($0, context) }, total: found.total)
        case .followedCollocations:
            return try YoufanCatalogueRows.followedCollocations(page: page, context)
        case let .follows(user, followers, viewer):
            return try YoufanCatalogueRows.follows(of: arguments.text(user), followers: followers,
                                                   viewer: arguments.nonEmpty(viewer), page: page, context)
        case let .collocationSearch(keyword, sortInfo):
            return try YoufanCatalogueRows.collocationSearch(keyword: arguments.text(keyword),
                                                             sortField: arguments.json(sortInfo)["sortField"]?.intValue ?? 1,
                                                             page: page, context)
        case let .taggedCollocations(tag):
            return try YoufanCatalogueRows.taggedCollocations(arguments.text(tag), page: page, context)
        }
    }
}

extension YoufanProductFilter {
    /// The store's search for this call's parameters; a product named by `brandOfProduct` that
    /// the catalogue does not have is the app's parameter error.
    func search(_ context: YoufanContext) throws -> YoufanProductSearch {
        let arguments = context.arguments
        var search = YoufanProductSearch(brandCode: brand.flatMap(arguments.nonEmpty), categoryID: category.flatMap(arguments.nonEmpty),
                                         keyword: keyword.flatMap(arguments.nonEmpty))
        if let brandOfProduct {
            let code = arguments.text(brandOfProduct)
            guard let row = try context.store.products.searchRow(code: code) else {
                throw YoufanFailure.notFound("\(brandOfProduct)=\(code) 不存在")
            }
            search.brandCode = try JSON.parse(row)["clsInfo"]?["brandCode"]?.stringValue
        }
        switch order {
        case .standard: break
        case let .orderType(parameter):
            let type = arguments.integer(parameter)
            if type == 1 || type == 2 { (search.order, search.descending) = (.price, type == 2) }
        case let .sortFieldAndType(field, direction):
            search.order = switch arguments.integer(field) {
            case 1: .price
            case 2: .sales
            case 3: .newest
            default: .standard
            }
            search.descending = arguments.integer(direction) < 0
        }
        return search
    }
}

extension YoufanListPlacement {
    /// The rows placed; `unfiltered` gives the first page of the whole listing for a search's `hotlist`.
    func answer(_ rows: [JSON], total: Int, _ context: YoufanContext, unfiltered: () throws -> [JSON]) throws -> YoufanAnswer {
        switch self {
        case .rows:
            return .list(rows, total: total)
        case let .search(facets):
            let hot = rows.isEmpty ? try unfiltered() : []
            let data = JSON.object([("list", .array(rows)), ("hotlist", .array(hot))] + facets.map { ($0, .array([])) })
            return YoufanAnswer(data: data, total: total)
        case .brandWall:
            let data = JSON.object([("banner", .object([("1020", .array([]))])), ("brandList", .array(rows))])
            return YoufanAnswer(data: data, total: total)
        case let .byInitial(mine):
            let groups = Dictionary(grouping: rows) { $0["first_letter"]?.stringValue?.prefix(1).uppercased() ?? "#" }
                .sorted { $0.key < $1.key }
                .map { JSON.object([("sortString", .string($0.key)), ("brandInfo", .array($0.value))]) }
            guard mine else { return .list(groups, total: total) }
            let liked = try context.viewer().map {
                try context.store.marks.targets(YoufanMark.brandLike.rawValue, userID: $0,
                                                page: YoufanPage(index: 0, size: YoufanQuery.maximumPageSize)).targets
            } ?? []
            let data = JSON.object([("brandList", .array(groups)),
                                    ("myBrand", .array(try YoufanCatalogueRows.brands(liked, .initial, context)))])
            return YoufanAnswer(data: data, total: total)
        }
    }
}

extension YoufanArguments {
    /// A declared parameter's text, nil when it is empty (an optional filter left out).
    func nonEmpty(_ name: String) -> String? {
        let value = text(name)
        return value.isEmpty ? nil : value
    }
}
