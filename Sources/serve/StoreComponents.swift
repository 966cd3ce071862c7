import APIRoutes
import CaptureFormats
import Store

/// Every area's migrations and capture mappers, in one place for `serve` and `serve import`.
enum StoreComponents {
    static let migrations: [Migration] =
        CaptureRepository.migrations + MakaSchema.migrations + YoufanSchema.migrations + JournalRepository.migrations

    /// The parameters capture matching ignores (API.md §4).
    static let volatileParameters = YoufanParameters.volatileParameters

    /// Mappers that route captured responses into the Maka and Youfan tables.
    static let mappers: [any CaptureMapper] = [MakaCaptureMapper(), YoufanCaptureMapper()]
}
