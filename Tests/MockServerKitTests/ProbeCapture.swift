import Foundation

/// A one-entry HAR document, as a proxy tool exports it: `GET /app/kit-probe` answered with a
/// Maka envelope, a path no stateful module serves, so only capture replay can answer it.
enum ProbeCapture {
    static let path = "/app/kit-probe"

    static let har = Data("""
        {"log":{"version":"1.2","creator":{"name":"Charles","version":"4.6"},"entries":[
          {"startedDateTime":"2026-11-23T10:00:00.000Z","time":12,
           "request":{"method":"GET","url":"http://api.maka.im/app/kit-probe","httpVersion":"HTTP/1.1",
                      "headers":[{"name":"Accept","value":"application/json"}],"queryString":[],"cookies":[],
                      "headersSize":-1,"bodySize":0},
           "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1",
                       "headers":[{"name":"Content-Type","value":"application/json"}],"cookies":[],
                       "content":{"size":43,"mimeType":"application/json","text":"{\\"code\\":200,\\"msg\\":\\"ok\\",\\"data\\":{\\"probe\\":1}}"},
                       "redirectURL":"","headersSize":-1,"bodySize":43},
           "cache":{},"timings":{"send":0,"wait":12,"receive":0}}]}}
        """.utf8)
}
