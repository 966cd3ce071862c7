import Store
import Wire

/// The generic handlers a declaration chooses from. Each names the collection or mark kind it
/// reads or writes and the parameters that carry ids; what the app reads back is a
/// `YoufanShape`. `custom` is for what no declaration can say; every use says why.
enum YoufanOperation: Sendable {
    /// Sets (`marked`) or clears the caller's marks on the targets a parameter lists (one id or
    /// a comma list), as `known` names them (a brand code in the catalogue's spelling); a target
    /// `known` does not find is a parameter error. Idempotent: the PHP
    /// answer's `data` is the first target's new count of marks.
    case mark(YoufanMark, targets: String, marked: Bool, known: YoufanTargetCheck?)
    /// Sets or clears the caller's favourites as `mark` does (`keys` given: `targets` is
    /// a JSON array parameter of rows), each in the kind its source type names
    /// (`YoufanMark.favourite(sourceType:)`): a row's `sourcE_TYPE`, else the call's `SOURCE_TYPE`.
    case favourites(targets: String, keys: [String]?, marked: Bool)
    /// One page of the caller's marks, each rendered by `shape` (unknown targets are skipped).
    case marked(YoufanMark, paging: YoufanPagingRule, shape: YoufanMarkShape)
    /// Stores a new object of the caller: `about` names the parameter(s) it is about, joined by
    /// `:`; `fields` are copied from the parameters into its body. Answers the stored object.
    case create(YoufanCollection, about: [String], state: String, fields: [YoufanField], shape: YoufanShape)
    /// One page of the caller's objects, in `states` when given, about the target the `about`
    /// parameter names when given.
    case list(YoufanCollection, states: [String]?, about: String?, paging: YoufanPagingRule, shape: YoufanShape)
    /// One page of everyone's objects about a target (`about` parameters joined by `:`).
    case listAbout(YoufanCollection, about: [String], paging: YoufanPagingRule, shape: YoufanShape)
    /// The caller's object named by a parameter, as a one-row list.
    case detail(YoufanCollection, id: String, shape: YoufanShape)
    /// Copies `fields` from the parameters into the caller's object named by `id`.
    case update(YoufanCollection, id: String, fields: [YoufanField])
    /// Removes the caller's objects a parameter lists (one id or a comma list).
    case delete(YoufanCollection, ids: String)
    /// A workflow step: moves the caller's object named by `id` from one of `from` to `to`.
    case step(YoufanCollection, id: String, from: [String], to: String)
    /// One page of catalogue collocations as `[CollocationCard]`, each with the viewer's `is_love`
    /// and a `like_count` that counts the likes given here (the viewer: the caller, or the
    /// owner of `token` on an action anyone may call).
    case collocations(YoufanCollocationSource, paging: YoufanPagingRule)
    /// One catalogue object named by a parameter, rendered by `shape`; nil is the app's
    /// parameter error (-100), which MB's brand screen answers with its failure view.
    case catalogue(id: String, shape: YoufanMarkShape)
    /// One page of a catalogue listing (products, brands, stylists), placed in the answer the
    /// way its screen reads it (`YoufanListing`).
    case listing(YoufanListing, paging: YoufanPagingRule)
    /// Hand-written: the reason is at the function it names.
    case custom(writes: Bool, YoufanCustomRun)

    /// Whether the operation writes (and so runs off the event loop).
    var writes: Bool {
        switch self {
        case .mark, .favourites, .create, .update, .delete, .step: true
        case .marked, .list, .listAbout, .detail, .collocations, .catalogue, .listing: false
        case let .custom(writes, _): writes
        }
    }
}

/// A target as the catalogue names it (brand codes match case-insensitively); nil when the
/// catalogue has no such target.
typealias YoufanTargetCheck = @Sendable (YoufanStore, String) throws -> String?
typealias YoufanCustomRun = @Sendable (YoufanContext) throws -> YoufanAnswer
/// Renders one stored object the way the app reads it.
typealias YoufanShape = @Sendable (YoufanContext, YoufanUserObject) throws -> JSON
/// Renders one marked target the way the app reads it; nil when the target is gone.
typealias YoufanMarkShape = @Sendable (YoufanContext, String) throws -> JSON?

/// Which collocations a `collocations` operation lists; parameters name the user, product or brand.
enum YoufanCollocationSource: Sendable {
    case all
    case author(String)
    /// The caller's own posts.
    case callerPosts
    case wearing(String)
    case brand(String)
    /// Those the user a parameter names liked; the caller's when the parameter is empty.
    case likedBy(String)
    /// Those the caller liked.
    case callerLikes
    /// Those of the topic a parameter names (`YoufanTopics`), or only its selected ones (精选).
    case topic(String, selected: Bool)
    /// Those filed under the feed tab a parameter names (in the card's `tab_str`); every
    /// collocation when it is empty, as the 全部 tab sends it.
    case tab(String)
}

/// A parameter copied into a stored object's body: `parameter` → `key`, as text or as a number.
struct YoufanField: Sendable {
    let parameter: String
    let key: String
    let number: Bool

    static func text(_ parameter: String, as key: String? = nil) -> YoufanField {
        YoufanField(parameter: parameter, key: key ?? parameter, number: false)
    }

    static func integer(_ parameter: String, as key: String? = nil) -> YoufanField {
        YoufanField(parameter: parameter, key: key ?? parameter, number: true)
    }
}

/// How a list action pages (WIRE.md §1.6): the index parameter and its base, the size
/// parameters and the default size.
struct YoufanPagingRule: Sendable {
    let index: String
    let base: Int
    let sizes: [String]
    let size: Int

    /// MB's PHP lists: `page` from 0, 10 a page unless `num`/`pageSize` says otherwise.
    static let php = YoufanPagingRule(index: "page", base: 0, sizes: ["num", "pageSize"], size: 10)
    /// The SOA lists: `pageIndex` from 1, `pageSize`/`PageSize`, 20 a page.
    static let soa = YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize", "PageSize"], size: 20)
    /// A list the app reads whole (the cart).
    static let whole = YoufanPagingRule(index: "", base: 0, sizes: [], size: YoufanQuery.maximumPageSize)

    func page(_ query: YoufanQuery) -> YoufanPage {
        YoufanPage(index: index.isEmpty ? 0 : query.pageIndex(index, base: base), size: query.pageSize(sizes, fallback: size))
    }

    var documentation: String {
        index.isEmpty ? "whole list" : "`\(index)` from \(base), \(size) a page"
    }
}

/// The kinds of per-user marks (WIRE.md §3.3 likes, follows, favourites).
enum YoufanMark: String, Sendable {
    case collocationLike = "like.collocation"
    case brandLike = "like.brand"
    case wish = "like.wish"
    case follow
    /// A favourite product (`SOURCE_TYPE` 1).
    case favourite
    /// A favourite collocation (`SOURCE_TYPE` 2: the collocation page's ♥).
    case collocationFavourite = "favourite.collocation"

    /// The favourite kind a source type names: 2 a collocation, anything else (the app sends 1)
    /// a product.
    static func favourite(sourceType: String?) -> YoufanMark {
        sourceType == "2" ? .collocationFavourite : .favourite
    }
}

/// The collections of per-user objects (WIRE.md §3.3 cart, orders, comments, addresses,
/// messages, opinions, vouchers, complaints, settlement questions, the products a user uploads,
/// fitting-room bookings).
enum YoufanCollection: String, Sendable {
    case cart
    case order
    case orderReturn = "return"
    case comment
    case address
    /// A chat message; each side of a conversation keeps its own copy, about the other user.
    case message
    /// A system notice (订单已提交…), about its `type`.
    case mail
    case opinion
    case voucher
    /// A report of a collocation or a comment (`Complaints/addComplaintsInfo`), about `type:tid`.
    case complaint
    /// A seller's question about a commission settlement line (`Collocation/CommisionSettleQnDtlUpdate`).
    case settlementQuestion = "settlement-question"
    /// A product a user photographed and tagged (`Product/uploadUserProduct`), about its category.
    case userProduct = "product"
    /// A fitting-room booking (`Product/SaveBillAppointment`), about its shop (`orgCode`).
    case appointment
    /// A seller's bank card (`WXSC_Collocation/WxSellerCardCreate`); `default` for their one default card.
    case bankCard = "bank-card"
    /// A seller's cash password (`WXSC_Collocation/WxSellerChangeCashPws`): one per user, its hash.
    case cashPassword = "cash-password"
}
