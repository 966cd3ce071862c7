import Store
import Wire

extension YoufanCart {
    /// `Order/ShoppingCartCreateList` — the fitting room's 加入购物车 (MB
    /// `UI/V2UI/FittingRoom/FittingRoomViewController.m`), posted through `quickPost` with no token:
    /// `lstCreateDto` = `[{proD_ID, source, qty, userId, sharE_SELLER_ID, collocatioN_ID, designerId,
    /// designerName}]`, each entry naming the user. `proD_ID` is the fitting room's `productid`, not a
    /// barcode; the cart keeps barcodes, so each line takes the barcode `defaultBarcode` chooses.
    /// Hand-written for the same reasons as `add`.
    @Sendable static func addProducts(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let rows = context.arguments.json("lstCreateDto").arrayValue ?? []
        let requests = try rows.map { row in
            guard let product = YoufanCapture.identifier(row, "proD_ID") else { throw YoufanFailure.missing("proD_ID") }
            let quantity = max(1, row["qty"].flatMap(quantity) ?? 1)
            return Request(barcode: try defaultBarcode(product, context), quantity: quantity)
        }
        guard !requests.isEmpty else { throw YoufanFailure.missing("lstCreateDto") }
        try store(requests, for: user, context)
        return .done
    }

    /// The barcode a product id stands for, as the app's own product screen would preselect it
    /// (MB `Unico/MBAddShopping/MBAddShoppingViewController.m` drops the sold-out rows, then takes
    /// the first colour and size): a stock row's id or barcode is that row; a colour (`proD_NUM`)
    /// or a product code is its first row, in `Product/ProductFilter`'s order, with a piece left
    /// (after the pieces orders hold), or its first row when none has, which the stock check then
    /// refuses. An id that names nothing is `<id>;商品不存在`, which the fitting room shows as
    /// 加入购物车失败！(商品不存在).
    static func defaultBarcode(_ product: String, _ context: YoufanContext) throws -> String {
        let barcodes = try context.store.products.barcodes(productID: product)
        guard let first = barcodes.first else { throw YoufanFailure(message: "\(product);商品不存在") }
        let inStock = try barcodes.first { (try stockRow($0, context).item["lisT_QTY"]?.intValue ?? 0) > 0 }
        return inStock ?? first
    }
}
