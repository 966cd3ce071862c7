import CaptureFormats
import Store

/// Puts a captured response where a stateful module reads it: a captured `/app/templates`
/// page fills the templates table, a captured `getAppBrandList` page fills brands.
///
/// The Maka and Youfan modules each register one with the `CaptureImporter`. A mapper is called
/// once for every newly stored record, inside the import's single write transaction. Throwing
/// fails (and rolls back) the whole import; a record the mapper cannot use is `.refused`, not
/// thrown, and stays replayable.
public protocol CaptureMapper: Sendable {
    /// Writes what `record` holds into the module's tables; returns whether it did.
    func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool

    /// Writes what `record` holds into the module's tables and says which tables took it, or why
    /// none could. The import summary reports these per table.
    func mapping(_ record: CaptureRecord, into connection: Connection) throws -> CaptureMapping
}

extension CaptureMapper {
    /// For a mapper that only answers yes or no: what it stores is counted under its type's name.
    public func mapping(_ record: CaptureRecord, into connection: Connection) throws -> CaptureMapping {
        try map(record, into: connection) ? .stored(into: ["\(type(of: self))"]) : .notMine
    }
}
