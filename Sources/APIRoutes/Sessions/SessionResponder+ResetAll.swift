import Foundation
import HTTPServer
import Wire

extension SessionResponder {
    /// One session to reset: nil name and lease for the default session.
    private struct ResetTarget: Sendable {
        let name: String?
        let session: MockSession
        let lease: SessionRegistry.Lease?
    }

    /// `POST /__admin/reset?all=true`: every session's own `POST /__admin/reset`, one after the
    /// other (default session first, then by name), so each is reset exactly as on its own.
    /// `{"sessions":[{"session":null|NAME,"status":200,"result":{…}}…],"milliseconds":…}`; the
    /// status is the first failing session's, else 200.
    func resetAll(_ request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        var reset = request
        reset.query = nil
        reset.target = SessionAdminRoutes.resetPath
        reset.headers.remove(name: Self.sessionHeader)
        let targets = [ResetTarget(name: nil, session: defaultSession, lease: nil)]
            + registry.checkOutAll().map { ResetTarget(name: $0.name, session: $0.session, lease: $0) }
        resetNext(targets[...], request: reset, results: [], started: .now, reply: reply)
    }

    private func resetNext(_ targets: ArraySlice<ResetTarget>, request: HTTPRequest, results: [(status: HTTPStatus, json: JSON)],
                           started: ContinuousClock.Instant, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        guard let target = targets.first else {
            let failed = results.first { $0.status != .ok }?.status
            let body = JSON.object([
                ("sessions", .array(results.map(\.json))),
                ("milliseconds", .number(started.duration(to: .now).inMilliseconds)),
            ])
            reply(.json(body.encoded(), status: failed ?? .ok))
            return
        }
        var sessionRequest = request
        if let name = target.name { sessionRequest.headers.replaceOrAdd(name: Self.sessionHeader, value: name) }
        let registry = registry
        target.session.controls.respond(to: sessionRequest) { [self] response in
            if let lease = target.lease { registry.checkIn(lease) }
            let result = JSON.object([
                ("session", target.name.map(JSON.string) ?? .null),
                ("status", .int(response.status.code)),
                ("result", (try? JSON.parse(response.body)) ?? .null),
            ])
            resetNext(targets.dropFirst(), request: request, results: results + [(response.status, result)],
                      started: started, reply: reply)
        }
    }
}
