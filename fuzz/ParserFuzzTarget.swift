// libFuzzer entry point over `RequestParser`, compiled by fuzz/run.sh into one module with the
// parser's sources (not part of Package.swift). Each input is parsed three ways — whole, split
// in two at every position, and one byte at a time — and the events must be the same; a
// difference (or a crash, or an address-sanitizer report) is a finding.
//
// The first byte picks the limits: even → the defaults but bodies up to 64 KiB (a fixed body
// reserves its announced length, and a few hundred 16 MiB reservations per input would make
// the run crawl), odd → tiny ones, so the 413/414/431 paths are reached by short inputs too.

/// Everything the parser reports about one event, as text.
private func describe(_ event: ParserEvent) -> String {
    switch event {
    case .needMore:
        return "needMore"
    case .expectContinue:
        return "expectContinue"
    case .request(let request):
        let headers = request.headers.fields.map { "\($0.name): \($0.value)" }.joined(separator: "|")
        return "request \(request.method.rawValue) \(request.target) \(request.path) \(request.query ?? "-") "
            + "\(request.version) \(request.authority ?? "-") \(request.keepAlive) [\(headers)] \(request.body)"
    case .error(let error):
        return "error \(error.status.code) \(error.message) \(error.path ?? "-")"
    }
}

/// Appends `bytes`, then collects events until the parser needs more; true once it has failed.
private func feed(_ parser: inout RequestParser, _ bytes: ArraySlice<UInt8>, into events: inout [String]) -> Bool {
    parser.append(Array(bytes))
    while true {
        let event = parser.next()
        if case .needMore = event { return false }
        events.append(describe(event))
        if case .error = event { return true }
    }
}

/// The events of `input` cut into the pieces that end at `cuts`.
private func events(_ input: [UInt8], cuts: [Int], limits: HTTPLimits) -> [String] {
    var parser = RequestParser(limits: limits)
    var events: [String] = []
    var start = 0
    for end in cuts + [input.count] where end >= start {
        if feed(&parser, input[start..<end], into: &events) { break }
        start = end
    }
    return events
}

private let defaultLimits = HTTPLimits(maxBodyBytes: 64 << 10)
private let tinyLimits = HTTPLimits(maxRequestLineBytes: 40, maxHeaderBytes: 64, maxHeaderCount: 3, maxBodyBytes: 32)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let limits = data[0] & 1 == 0 ? defaultLimits : tinyLimits
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = events(input, cuts: [], limits: limits)
    if input.count > 1 {
        let byByte = events(input, cuts: Array(1..<input.count), limits: limits)
        if byByte != whole { fatalError("byte by byte: \(byByte) != whole: \(whole)") }
        for cut in 1..<input.count {
            let split = events(input, cuts: [cut], limits: limits)
            if split != whole { fatalError("split at \(cut): \(split) != whole: \(whole)") }
        }
    }
    return 0
}
