import HTTPServer
import Wire

extension SessionResponder {
    /// The route that lists every route served.
    static let routesPath = MockApplication.adminPrefix + "/routes"

    /// `reply` for a `GET /__admin/routes` the session answers, with the sessions' own routes put
    /// first (`"owner":"sessions"`), since the session's mock controls cannot see them.
    func listingSessionRoutes(_ reply: @escaping @Sendable (consuming HTTPResponse) -> Void) -> @Sendable (consuming HTTPResponse) -> Void {
        let rows = sessionRoutes.map { route in
            JSON.object([("method", .string(route.method.rawValue)), ("path", .string(route.pattern)),
                         ("owner", .string("sessions"))])
        }
        return { response in
            guard response.status == .ok, let listed = (try? JSON.parse(response.body))?["routes"]?.arrayValue else {
                reply(response)
                return
            }
            var response = response
            response.body = JSON.object([("routes", .array(rows + listed))]).encoded()
            reply(response)
        }
    }
}
