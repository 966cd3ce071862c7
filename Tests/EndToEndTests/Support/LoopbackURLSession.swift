import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession the end-to-end suites' clients share. `URLSession.shared` opens at most six
/// connections per host and starts a request's timeout while it waits for one, so the suites'
/// parallel requests to one shared server timed out in the queue on a busy machine. No cache and
/// no cookies: replayed captures set cookies, and tests must not send each other's.
enum LoopbackURLSession {
    static let shared: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration)
    }()
}
