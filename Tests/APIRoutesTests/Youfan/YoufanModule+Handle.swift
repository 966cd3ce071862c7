import HTTPServer
import Synchronization
@testable import APIRoutes

extension YoufanModule {
    /// The module's answer, or nil when it has none. Every action today runs on the event loop,
    /// so `respond` replies before it returns.
    func handle(_ request: HTTPRequest) -> HTTPResponse? {
        let answer = Mutex<HTTPResponse?>(nil)
        let answered = respond(to: request) { response in answer.withLock { $0 = response } }
        return answered ? answer.withLock { $0 } : nil
    }
}
