import XCTest
@testable import HTTPServer

/// An event reduced to comparable values, so runs over differently split input can be compared.
enum ParsedEvent: Equatable, CustomStringConvertible {
    case request(ParsedRequest)
    case expectContinue
    case error(HTTPParseError)
    /// The head of a request whose body is streamed.
    case largeBody(ParsedRequest)
    /// A streamed body's bytes, consecutive pieces merged (they split wherever the input did).
    case bodyPiece([UInt8])
    case bodyEnd

    var description: String {
        switch self {
        case .request(let request): "request(\(request))"
        case .expectContinue: "expectContinue"
        case .error(let error): "error(\(error), path: \(error.path ?? "nil"))"
        case .largeBody(let request): "largeBody(\(request))"
        case .bodyPiece(let bytes): "bodyPiece(\(String(decoding: bytes, as: UTF8.self)))"
        case .bodyEnd: "bodyEnd"
        }
    }

    var request: ParsedRequest? {
        if case .request(let request) = self { return request }
        return nil
    }

    var error: HTTPParseError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

/// The parts of an `HTTPRequest` the parser fills in.
struct ParsedRequest: Equatable {
    var method: String
    var target: String
    var path: String
    var query: String?
    var version: HTTPVersion
    var headers: [String]
    var body: [UInt8]
    var authority: String?
    var keepAlive: Bool

    init(_ request: HTTPRequest) {
        method = request.method.rawValue
        target = request.target
        path = request.path
        query = request.query
        version = request.version
        headers = request.headers.fields.map { "\($0.name): \($0.value)" }
        body = request.body
        authority = request.authority
        keepAlive = request.keepAlive
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Runs raw request bytes through `RequestParser`: whole, one byte at a time, and split in two
/// at every byte position, and checks every run produces the same events.
struct ParserFixture {
    var limits = HTTPLimits()
    /// Bodies over `limits.maxBodyBytes` are taken as streams (`RequestParser.offersLargeBodies`).
    var streamsLargeBodies = false

    /// Parses `raw` every way and returns the events (after asserting they all agree).
    func events(
        _ raw: String, splitEverywhere: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) -> [ParsedEvent] {
        events(Array(raw.utf8), splitEverywhere: splitEverywhere, file: file, line: line)
    }

    func events(
        _ bytes: [UInt8], splitEverywhere: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) -> [ParsedEvent] {
        let whole = feed([bytes])
        let byteByByte = feed(bytes.map { [$0] })
        XCTAssertEqual(byteByByte, whole, "fed one byte at a time", file: file, line: line)
        if splitEverywhere && bytes.count > 1 {
            for split in 1..<bytes.count {
                let halves = feed([Array(bytes[..<split]), Array(bytes[split...])])
                if halves != whole {
                    XCTFail("split at byte \(split): \(halves) != \(whole)", file: file, line: line)
                    break
                }
            }
        }
        return whole
    }

    /// The single request `raw` must contain.
    func request(
        _ raw: String, file: StaticString = #filePath, line: UInt = #line
    ) -> ParsedRequest? {
        let result = events(raw, file: file, line: line)
        guard result.count == 1, let request = result[0].request else {
            XCTFail("expected one request, got \(result)", file: file, line: line)
            return nil
        }
        return request
    }

    /// The error `raw` must produce (after any complete requests before it).
    func error(
        _ raw: String, splitEverywhere: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) -> HTTPParseError? {
        let result = events(raw, splitEverywhere: splitEverywhere, file: file, line: line)
        guard let error = result.last?.error else {
            XCTFail("expected an error, got \(result)", file: file, line: line)
            return nil
        }
        return error
    }

    /// Asserts `raw` fails with `status` and a message containing `message`.
    func assertError(
        _ raw: String, _ status: Int, _ message: String, splitEverywhere: Bool = true,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = error(raw, splitEverywhere: splitEverywhere, file: file, line: line) else { return }
        XCTAssertEqual(error.status.code, status, "status for \(error.message)", file: file, line: line)
        XCTAssertTrue(error.message.contains(message), "message '\(error.message)' lacks '\(message)'",
                      file: file, line: line)
    }

    /// Appends each chunk in turn and drains events after each; stops at the first error.
    func feed(_ chunks: [[UInt8]]) -> [ParsedEvent] {
        var parser = RequestParser(limits: limits)
        parser.offersLargeBodies = streamsLargeBodies
        var result: [ParsedEvent] = []
        func appendPiece(_ bytes: [UInt8]) {
            guard !bytes.isEmpty else { return }
            if case .bodyPiece(let earlier) = result.last {
                result[result.count - 1] = .bodyPiece(earlier + bytes)
            } else {
                result.append(.bodyPiece(bytes))
            }
        }
        for chunk in chunks {
            parser.append(chunk)
            while true {
                switch parser.next() {
                case .needMore:
                    break
                case .expectContinue:
                    result.append(.expectContinue)
                    continue
                case .request(let request):
                    result.append(.request(ParsedRequest(request)))
                    continue
                case .error(let error):
                    result.append(.error(error))
                    return result
                case .largeBody(let request):
                    result.append(.largeBody(ParsedRequest(request)))
                    guard let start = parser.streamBody() else { XCTFail("no body on offer"); return result }
                    if start.continueOwed { result.append(.expectContinue) }
                    appendPiece(start.received)
                    continue
                case .bodyPiece(let bytes):
                    appendPiece(bytes)
                    continue
                case .bodyEnd:
                    result.append(.bodyEnd)
                    continue
                }
                break
            }
        }
        return result
    }
}
