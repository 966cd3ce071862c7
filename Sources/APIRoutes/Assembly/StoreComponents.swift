import CaptureFormats
import Store

/// Every area's migrations and capture mappers, in one place for the server and `serve import`.
public enum StoreComponents {
    public static let migrations: [Migration] =
        CaptureRepository.migrations + MakaSchema.migrations + YoufanSchema.migrations + JournalRepository.migrations
        + SeedingRecord.migrations + StubRepository.migrations

    /// The parameters capture matching ignores (API.md §4).
    public static let volatileParameters = YoufanParameters.volatileParameters

    /// Mappers that route captured responses into the Maka and Youfan tables.
    public static func mappers(hasher: PasswordHasher = PasswordHasher()) -> [any CaptureMapper] {
        [MakaCaptureMapper(hasher: hasher), YoufanCaptureMapper()]
    }
}
