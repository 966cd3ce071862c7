import HTTPServer
import Store

extension Router {
    /// Adds the developer's order controls (see `YoufanOrderControls`); they write, so they run
    /// off the event loop.
    mutating func addYoufanOrderControls(database: Database, log: @escaping @Sendable (String) -> Void) {
        let controls = YoufanOrderControls(database: database)
        let errors = ErrorBoundary(log: log)
        add(.POST, YoufanOrderControls.shipPath, Endpoint(.blocking, errors: errors, handler: controls.ship))
        add(.POST, YoufanOrderControls.approvePath, Endpoint(.blocking, errors: errors, handler: controls.approve))
        add(.POST, YoufanOrderControls.completePath, Endpoint(.blocking, errors: errors, handler: controls.complete))
        add(.POST, YoufanOrderControls.refusePath, Endpoint(.blocking, errors: errors, handler: controls.refuse))
    }
}
