import Store

/// The repositories behind the Youfan actions, opened on one database. A class: a request's
/// action is handed the store with one retain, not one for each repository.
final class YoufanStore: Sendable {
    let layouts: YoufanLayoutRepository
    let brands: YoufanBrandRepository
    let products: YoufanProductRepository
    let comments: YoufanCommentRepository
    let collocations: YoufanCollocationRepository
    let specials: YoufanSpecialRepository
    let capturedPages: YoufanCapturedPageRepository
    let accounts: YoufanAccountRepository
    let marks: YoufanMarkRepository
    let objects: YoufanUserObjectRepository
    let accessTokens: YoufanAccessTokenRepository

    init(database: Database) {
        layouts = YoufanLayoutRepository(database: database)
        brands = YoufanBrandRepository(database: database)
        products = YoufanProductRepository(database: database)
        comments = YoufanCommentRepository(database: database)
        collocations = YoufanCollocationRepository(database: database)
        specials = YoufanSpecialRepository(database: database)
        capturedPages = YoufanCapturedPageRepository(database: database)
        accounts = YoufanAccountRepository(database: database)
        marks = YoufanMarkRepository(database: database)
        objects = YoufanUserObjectRepository(database: database)
        accessTokens = YoufanAccessTokenRepository(database: database)
    }
}

/// Page sizes: fixed ones where the client sends only a page number, defaults where it may send
/// a size. Capture import uses the same numbers to place captured items at their positions.
enum YoufanPaging {
    /// `BrandMb/getAppBrandList` default `pageSize` (the app sends 30, some screens 45).
    static let brandPageSize = 30
    /// `Product/getRecommedProductList`: the client sends only `page`.
    static let productPageSize = 20
    /// `Comment/getCommentList`: the client sends only `page`.
    static let commentPageSize = 10
    /// `Collocation/getCollocationListByUserType` default `num`.
    static let collocationPageSize = 10
    /// `Special/getSpecialListForInsp` default `PageSize`.
    static let specialPageSize = 10
    /// The SOA searches' default `pageSize`.
    static let searchPageSize = 20
}
