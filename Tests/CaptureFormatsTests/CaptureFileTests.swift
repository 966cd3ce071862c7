import Foundation
import Testing
import Wire
@testable import CaptureFormats

@Suite struct CaptureFileTests {
    static let har = #"""
    {"log": {"version": "1.2", "creator": {"name": "Charles", "version": "4.6"}, "entries": [
      {"startedDateTime": "2015-06-01T10:00:00.000+08:00", "time": 120,
       "request": {"method": "GET", "url": "http://api.ibanggo.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&deviceId=abc",
                   "httpVersion": "HTTP/1.1", "headers": [{"name": "Host", "value": "api.ibanggo.com"}], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
       "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                    "headers": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                    "content": {"size": 40, "mimeType": "text/html", "text": "{\"status\":1,\"data\":[{\"name\":\"有范\"}]}"},
                    "redirectURL": "", "headersSize": -1, "bodySize": 40},
       "cache": {}, "timings": {"send": 1, "wait": 87.5, "receive": 2}},
      {"request": {"method": "post", "url": "https://api.maka.im/app/user/login", "headers": [],
                   "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "email=a%40b.cn&password=x"}},
       "response": {"status": 200, "headers": [],
                    "content": {"mimeType": "image/png", "encoding": "base64", "text": "iVBORw0K\nGgo="}},
       "timings": {"wait": -1}}
    ]}}
    """#

    @Test func readsHAREntriesWithAnyHostAndBase64Content() throws {
        let records = try CaptureFile.records(from: Array(Self.har.utf8), file: "traffic.har")
        #expect(records.count == 2)
        let first = records[0]
        #expect(first.method == "GET")
        #expect(first.request.path == "/mbfun_server/index.php")
        #expect(first.request.query == "m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&deviceId=abc")
        #expect(first.status == 200)
        #expect(first.responseContentType == "text/html; charset=utf-8")
        #expect(String(decoding: first.responseBody, as: UTF8.self) == #"{"status":1,"data":[{"name":"有范"}]}"#)
        #expect(first.waitMilliseconds == 87.5)
        #expect(first.source == "traffic.har entry 0")
        let second = records[1]
        #expect(second.method == "POST")
        #expect(second.request.path == "/app/user/login")
        #expect(second.requestContentType == "application/x-www-form-urlencoded")
        #expect(second.request.parameters == [CaptureParameter(name: "email", value: "a@b.cn"),
                                              CaptureParameter(name: "password", value: "x")])
        #expect(second.responseContentType == "image/png")
        #expect(second.responseBody == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(second.waitMilliseconds == nil)
    }

    @Test func readsCaptureJSONRecordsWithJSONAndStringBodies() throws {
        let document = #"""
        [
          {"request": {"method": "GET", "url": "/app/templates?categoryId=3"},
           "response": {"status": 200, "body": {"code": 200, "msg": "成功",
                                                "data": [ {"id": 1, "title": "婚礼\u9080请", "price": 1.50} ]}}},
          {"request": {"method": "POST", "url": "/app/user/login", "headers": {"Content-Type": "application/json"},
                       "body": {"email": "a@b.cn", "remember": true}},
           "response": {"status": 401, "headers": {"Content-Type": "text/plain"}, "body": "denied"}}
        ]
        """#
        let records = try CaptureFile.records(from: Array(document.utf8), file: "maka.json")
        #expect(records.count == 2)
        #expect(String(decoding: records[0].responseBody, as: UTF8.self)
                == #"{"code":200,"msg":"成功","data":[{"id":1,"title":"婚礼\u9080请","price":1.50}]}"#)
        #expect(records[0].responseContentType == "application/json; charset=utf-8")
        #expect(records[1].status == 401)
        #expect(records[1].responseContentType == "text/plain")
        #expect(records[1].responseBody == Array("denied".utf8))
        #expect(records[1].request.parameters == [CaptureParameter(name: "email", value: "a@b.cn"),
                                                  CaptureParameter(name: "remember", value: "true")])
    }

    @Test func readsASingleCaptureRecord() throws {
        let single = #"{"request":{"method":"GET","url":"/app/tags"},"response":{"status":200,"body":"[]"}}"#
        let records = try CaptureFile.records(from: Array(single.utf8), file: "one.json")
        #expect(records.map(\.url) == ["/app/tags"])
    }

    @Test(arguments: [
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":200}},{"request":{"method":"GET"},"response":{"status":200}}]}}"#,
         "bad.har: entry 1: request.url is missing"),
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":"abc"}}]}}"#,
         "bad.har: entry 0: response.status must be a whole number from 100 to 599, not a string"),
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":1e999}}]}}"#,
         "bad.har: entry 0: response.status must be a whole number from 100 to 599, not 1e999"),
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":200.5}}]}}"#,
         "bad.har: entry 0: response.status must be a whole number from 100 to 599, not 200.5"),
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":0}}]}}"#,
         "bad.har: entry 0: response.status 0 is not an HTTP status (100–599)"),
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":200,"content":{"text":"@@@","encoding":"base64"}}}]}}"#,
         #"bad.har: entry 0: response.content.text is not valid base64 (encoding is "base64")"#),
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"response":{"status":200,"content":{"text":"x","encoding":"gzip"}}}]}}"#,
         #"bad.har: entry 0: response.content.encoding "gzip" is not supported (only base64)"#),
        (#"{"log":{"entries":[{"request":{"method":"GET","url":"/a","headers":{"Host":"x"}},"response":{"status":200}}]}}"#,
         "bad.har: entry 0: request.headers must be an array of {name, value}, not an object"),
        (#"{"log":{"entries":{}}}"#, "bad.har: log.entries must be an array, not an object"),
        (#"{"log":{"entries":[1,2"#, "bad.har: invalid JSON at line 1, column 23: unexpected end of input in an array"),
        (#"[{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":1}},{"request":{"method":"GET","url":"/b"},"response":{"status":200}}]"#,
         "bad.har: entry 1: response.body is missing"),
        (#"[{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":1}}, "oops"]"#,
         "bad.har: entry 1: must be an object {request, response}, not a string"),
        (#"{"hello":"world"}"#,
         "bad.har: neither a HAR document (an object with log.entries) nor capture JSON (a record {request, response} or an array of them)"),
        (#"{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":"x","headers":{"X":["a"]}}}"#,
         "bad.har: entry 0: response.headers.X must be a string, not an array"),
    ])
    func malformedFilesNameTheFileEntryAndProblem(document: String, expected: String) {
        let error = #expect(throws: CaptureFormatError.self) {
            try CaptureFile.records(from: Array(document.utf8), file: "bad.har")
        }
        #expect(error?.description == expected)
    }

    @Test func contentHashIgnoresHeadersAndSourceButNotBody() throws {
        var record = CaptureRecord(method: "GET", url: "/a", status: 200, responseContentType: "application/json", responseBody: Array("{}".utf8))
        let hash = record.contentHash
        #expect(hash.count == 64)
        record.responseHeaders = ["Date": "today"]
        record.source = "other.json entry 9"
        #expect(record.contentHash == hash)
        record.responseBody = Array("{ }".utf8)
        #expect(record.contentHash != hash)
    }

    @Test func sha256MatchesKnownVectors() {
        let empty = SHA256()
        #expect(empty.hexDigest() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        var abc = SHA256()
        abc.update(Array("abc".utf8))
        #expect(abc.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var long = SHA256()
        long.update(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        #expect(long.hexDigest() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
