import CaptureFormats
import Store

/// Puts a captured response where a stateful module reads it: a captured `/app/templates`
/// page fills the templates table, a captured `getAppBrandList` page fills brands.
///
/// The Maka and Youfan modules each register one with the `CaptureImporter`. A mapper is called
/// once for every newly stored record, inside the import's single write transaction; it returns
/// false for records that are not its own. Throwing fails (and rolls back) the whole import.
public protocol CaptureMapper: Sendable {
    /// Writes what `record` holds into the module's tables; returns whether it did.
    func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool
}
