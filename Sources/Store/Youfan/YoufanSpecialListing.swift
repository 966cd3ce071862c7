/// What `Special/getSpecialListForInsp` answers, read from one snapshot so that `total` counts
/// the list the page was cut from.
public struct YoufanSpecialListing: Sendable, Equatable {
    /// Every tab (`{tab_id, name}` objects), in captured order.
    public let tabs: YoufanList
    /// The requested page of specials, newest first.
    public let specials: YoufanList
    /// How many specials the tab (or the whole list) has.
    public let total: Int
    /// The captured `layoutType` value as JSON bytes, nil if none was captured.
    public let layoutType: [UInt8]?
}
