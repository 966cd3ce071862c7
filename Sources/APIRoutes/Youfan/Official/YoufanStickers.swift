import Wire

/// `Collocation/getStickImgWithTabList`: the sticker editor's pictures and the publish screen's
/// tags (MB `Unico/SData/SDataCache.m`, `Unico/SCover/SStickerEditController.m`,
/// `Unico/SCover/SPublishedController.m`). `data` = `{stick:[{id, img, img_width, img_height}],
/// tab:[String]}`: the editor loads each `stick[].img` (a URL string) and the publish screen
/// offers each `tab` string as a tag button. `type` 2 asks for the borders of a photo
/// `img_height` pixels high at 750 wide; the editor sends 750, 1000 or 1334 (1:1, 3:4, 9:16
/// photos), and a height without borders answers an empty `stick`, which the editor shows as no
/// border tab. Hand-written: the pictures are a fixed set, as the real service's were, not
/// rows of a table.
enum YoufanStickers {
    /// The style tags a post is published with; the discovery page's feed tabs are the same
    /// (MB `Unico/SDiscovery/SDiscoveryViewController.m` lists them in a comment).
    static let styleTags = ["最有范", "臭美妞", "骚包男", "熊孩纸", "吃不胖"]
    static let stickerCount = 12
    static let borderCount = 6
    /// The photo heights (at 750 wide) the borders are drawn for.
    static let borderHeights = [750, 1000, 1334]
    static let stickerSide = 300
    static let photoWidth = 750

    /// `tid` names a topic (the editor now always sends `""`); an unknown topic is the app's
    /// parameter error.
    @Sendable static func pictures(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let topic = arguments.text("tid")
        if !topic.isEmpty { _ = try YoufanTopics.named(topic, context.store) }
        let stick: [JSON]
        if arguments.text("type") == "2" {
            let height = arguments.integer("img_height")
            stick = borderHeights.contains(height)
                ? (1...borderCount).map { picture(id: height * 100 + $0, "border/\(photoWidth)x\(height)/\($0).png", photoWidth, height) }
                : []
        } else {
            stick = (1...stickerCount).map { picture(id: $0, "sticker/\($0).png", stickerSide, stickerSide) }
        }
        return YoufanAnswer(data: .object([("stick", .array(stick)), ("tab", .array(styleTags.map(JSON.string)))]),
                            total: stick.count)
    }

    /// A picture row; every member a string, as the PHP service answered.
    private static func picture(id: Int, _ path: String, _ width: Int, _ height: Int) -> JSON {
        .object([("id", .string(String(id))), ("img", .string("http://img.funwear.com/\(path)")),
                 ("img_width", .string(String(width))), ("img_height", .string(String(height)))])
    }
}
