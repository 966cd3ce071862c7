import CCurl
import HTTPServer
import Wire

/// How a streamed answer's body ended: complete, with what was kept of the bodies, or broken off.
typealias UpstreamBodyEnd = Result<UpstreamKeptBodies, UpstreamFailure>

/// One request in flight on the upstream client: its curl easy handle, the memory curl reads
/// from (URL, header list, body), and the answer as curl delivers it. Used only on the client's
/// thread; curl calls back into it through the handle's user-data pointer.
///
/// The answer goes to `onAnswer` as soon as its head is complete, its body following through
/// a `ResponseBodyStream` (curl is paused while the client's window is full, and resumed by
/// `resume` once it drains); `onBodyEnd` then says how the body ended. A `HEAD` answer, which
/// has no body, goes to `onAnswer` when the transfer is done; so does any failure before a head.
///
/// A streamed request body is fed to curl's read callback as the client sends it (curl pauses
/// while nothing waits, and is resumed by `resume` once bytes arrive). The transfer has stalled
/// when, connected, nothing moved either way for the stall timeout while curl was not paused
/// for the client (`hasStalled`).
final class UpstreamTransfer {
    let handle: UnsafeMutableRawPointer
    private let curl: UnsafePointer<ccurl_functions>
    private let onAnswer: @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void
    private let onBodyEnd: @Sendable (UpstreamAnswer, UpstreamBodyEnd) -> Void
    private let resume: @Sendable () -> Void
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let body: UnsafeMutableBufferPointer<UInt8>
    private let streamsBody: Bool
    private let keptBodyBytes: Int
    private let requestStream: RequestBodyStream?
    private let stallTimeout: Duration
    /// When bytes last moved, or the transfer last waited for the client.
    private var lastActivity = ContinuousClock.now
    /// Curl is paused for the client: its answer window is full, or its body has not come yet.
    private var isPausedForClient = false
    /// The client's streamed body broke off.
    private var requestBodyBroke = false

    private var status = 0
    private var reasonPhrase = ""
    private var headers: [(name: String, value: String)] = []
    private var isHeadMalformed = false
    /// Sent to `onAnswer` once the head was complete (streamed answers only).
    private var answer: UpstreamAnswer?
    /// The body copied aside for recording; nil once it outgrew `keptBodyBytes`.
    private var kept: [UInt8]? = []
    /// The streamed request body copied aside for recording; nil once it outgrew `keptBodyBytes`.
    private var keptRequest: [UInt8]?

    /// Nil when curl cannot make a handle (out of memory).
    /// - Parameters:
    ///   - curl: the loaded libcurl (`UpstreamClientLibrary`).
    ///   - resume: asks the client's thread to un-pause this transfer.
    init?(_ request: UpstreamRequest, curl: UnsafePointer<ccurl_functions>, resume: @escaping @Sendable () -> Void,
          onAnswer: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void,
          onBodyEnd: @escaping @Sendable (UpstreamAnswer, UpstreamBodyEnd) -> Void) {
        guard let handle = curl.pointee.easy_init() else { return nil }
        self.handle = handle
        self.curl = curl
        self.resume = resume
        self.onAnswer = onAnswer
        self.onBodyEnd = onBodyEnd
        self.streamsBody = !request.expectsNoBody
        self.keptBodyBytes = request.keptBodyBytes
        self.requestStream = request.bodyStream
        self.stallTimeout = request.stallTimeout
        if let stream = request.bodyStream {
            keptRequest = (stream.length ?? 0) <= request.keptBodyBytes ? [] : nil
        }
        body = .allocate(capacity: max(request.body.count, 1))
        _ = body.initialize(from: request.body)
        configure(request)
    }

    deinit {
        curl.pointee.easy_cleanup(handle)
        curl.pointee.slist_free_all(headerList)
        body.deallocate()
    }

    private func configure(_ request: UpstreamRequest) {
        ccurl_setopt_string(curl, handle, CURLOPT_URL, request.url)
        ccurl_setopt_string(curl, handle, CURLOPT_CUSTOMREQUEST, request.method)
        ccurl_setopt_string(curl, handle, CURLOPT_PROTOCOLS_STR, "http,https")
        // No environment proxy, no redirects followed, no decoding: the answer comes back as sent.
        ccurl_setopt_string(curl, handle, CURLOPT_PROXY, "")
        ccurl_setopt_long(curl, handle, CURLOPT_FOLLOWLOCATION, 0)
        ccurl_setopt_long(curl, handle, CURLOPT_HTTP_CONTENT_DECODING, 0)
        ccurl_setopt_long(curl, handle, CURLOPT_PATH_AS_IS, 1)
        ccurl_setopt_long(curl, handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        ccurl_setopt_long(curl, handle, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_long(curl, handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
        if request.expectsNoBody {
            ccurl_setopt_long(curl, handle, CURLOPT_NOBODY, 1)
        } else if let stream = request.bodyStream {
            streamRequestBody(from: stream)
        } else if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            ccurl_setopt_off(curl, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
            ccurl_setopt_pointer(curl, handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(body.baseAddress))
        }
        headerList = makeHeaderList(request)
        ccurl_setopt_slist(curl, handle, CURLOPT_HTTPHEADER, headerList)

        let context = Unmanaged.passUnretained(self).toOpaque()
        ccurl_setopt_pointer(curl, handle, CURLOPT_HEADERDATA, context)
        ccurl_setopt_callback(curl, handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<UpstreamTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.headerLine(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        ccurl_setopt_pointer(curl, handle, CURLOPT_WRITEDATA, context)
        ccurl_setopt_callback(curl, handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<UpstreamTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.bodyBytes(UnsafeRawBufferPointer(start: data, count: size * count))
        }
    }

    /// Curl reads the body from the client's stream: announced with its `Content-Length`, or
    /// chunked when the client sent it chunked.
    private func streamRequestBody(from stream: RequestBodyStream) {
        ccurl_setopt_long(curl, handle, CURLOPT_UPLOAD, 1)
        if let length = stream.length { ccurl_setopt_off(curl, handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(length)) }
        stream.whenReadable(resume)
        ccurl_setopt_pointer(curl, handle, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque())
        ccurl_setopt_callback(curl, handle, CURLOPT_READFUNCTION) { data, size, count, context in
            guard let data, let context else { return Int(CURL_READFUNC_ABORT) }
            let transfer = Unmanaged<UpstreamTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.requestBytes(into: UnsafeMutableRawBufferPointer(start: data, count: size * count))
        }
    }

    /// The client's fields as sent, plus empty fields that stop curl adding its own
    /// (`Accept: */*`, a form `Content-Type`, `Expect: 100-continue`); a body streamed without a
    /// length goes chunked.
    private func makeHeaderList(_ request: UpstreamRequest) -> UnsafeMutablePointer<curl_slist>? {
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        let names = Set(request.headers.map { $0.name.lowercased() })
        for name in ["Accept", "Content-Type", "Expect"] where !names.contains(name.lowercased()) {
            lines.append("\(name):")
        }
        let chunked = request.bodyStream.map { $0.length == nil } ?? false
        lines.append(chunked ? "Transfer-Encoding: chunked" : "Transfer-Encoding:")
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines { list = curl.pointee.slist_append(list, line) }
        return list
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(duration.inMilliseconds.rounded()))
    }

    /// One header line, CRLF included: a status line starts a new answer (after a 1xx), a
    /// field line adds a field, an obsolete folded line continues the last one, and the empty
    /// line ends a final answer's head (trailers after a streamed body are ignored).
    private func headerLine(_ bytes: UnsafeRawBufferPointer) {
        madeProgress()
        guard answer == nil else { return }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let line = String(decoding: bytes[0..<end], as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            reasonPhrase = parts.count > 2 ? String(parts[2]) : ""
            headers = []
            isHeadMalformed = status < 100 || status > 999
            return
        }
        if line.isEmpty {
            if streamsBody, status >= 200, !isHeadMalformed { startStreaming() }
            return
        }
        if line.first == " " || line.first == "\t" {
            guard let last = headers.indices.last else { isHeadMalformed = true; return }
            headers[last].value += " " + String(Substring(line).trimmingCharacters(in: " \t"))
            return
        }
        guard let colon = line.firstIndex(of: ":") else { isHeadMalformed = true; return }
        headers.append((name: String(line[..<colon]), value: String(line[line.index(after: colon)...].trimmingCharacters(in: " \t"))))
    }

    /// The head is complete: the answer goes out with a stream for its body, whose length is
    /// the `Content-Length` unless the upstream sent it chunked.
    private func startStreaming() {
        let chunked = headers.contains { $0.name.lowercased() == "transfer-encoding" }
        let length = chunked ? nil : headers.last { $0.name.lowercased() == "content-length" }
            .flatMap { Int($0.value[...].trimmingCharacters(in: " \t")) }
        let resume = resume
        var answer = UpstreamAnswer(status: status, reasonPhrase: reasonPhrase, headers: headers, body: [],
                                    bodyStream: ResponseBodyStream(length: length, whenDrained: resume))
        answer.requestBodyTooLargeToKeep = requestStream != nil && keptRequest == nil
        self.answer = answer
        onAnswer(.success(answer))
    }

    /// Curl's write callback: the bytes go to the client's stream (0 stops the transfer once the
    /// client left; a pause leaves them with curl until the stream drains).
    private func bodyBytes(_ bytes: UnsafeRawBufferPointer) -> Int {
        madeProgress()
        guard let stream = answer?.bodyStream else { return bytes.count }
        if stream.isAbandoned { return 0 }
        let piece = [UInt8](bytes)
        guard stream.write(piece) else {
            isPausedForClient = true
            return Int(CURL_WRITEFUNC_PAUSE)
        }
        if let count = kept?.count {
            if count + piece.count <= keptBodyBytes { kept?.append(contentsOf: piece) } else { kept = nil }
        }
        return bytes.count
    }

    /// Curl's read callback: the client's next body bytes (copied aside while they fit in
    /// `keptBodyBytes`), a pause while none have come, 0 at the end, an abort when it broke off.
    private func requestBytes(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        madeProgress()
        guard let stream = requestStream else { return 0 }
        switch stream.read(into: buffer) {
        case .bytes(let count):
            if let size = keptRequest?.count {
                if size + count <= keptBodyBytes { keptRequest?.append(contentsOf: buffer[0..<count]) } else { keptRequest = nil }
            }
            return count
        case .later:
            isPausedForClient = true
            return Int(CURL_READFUNC_PAUSE)
        case .end:
            return 0
        case .failed:
            requestBodyBroke = true
            return Int(CURL_READFUNC_ABORT)
        }
    }

    /// Curl called back: bytes moved, or it came back from a pause.
    private func madeProgress() {
        isPausedForClient = false
        lastActivity = .now
    }

    /// Whether the upstream has sent and taken nothing for the stall timeout since the
    /// connection was made, while curl was not waiting for the client.
    func hasStalled(at now: ContinuousClock.Instant) -> Bool {
        var pretransfer: curl_off_t = 0
        ccurl_getinfo_off(curl, handle, CURLINFO_PRETRANSFER_TIME_T, &pretransfer)
        if isPausedForClient || pretransfer == 0 {
            lastActivity = now
            return false
        }
        return lastActivity.duration(to: now) >= stallTimeout
    }

    /// Called once, when curl reports the transfer done with `code`.
    func finish(_ code: CURLcode) {
        let failure: UpstreamFailure? = code == CURLE_OK ? nil : failure(code)
        end(failure)
    }

    /// Called once, when the transfer was given up for a stall.
    func finishStalled() { end(.stalled) }

    private func end(_ failure: UpstreamFailure?) {
        // What the client still sends of its body is dropped from now on.
        requestStream?.abandon()
        guard let answer else { return onAnswer(failure.map { .failure($0) } ?? outcome()) }
        let kept = UpstreamKeptBodies(request: keptRequest, answer: kept)
        onBodyEnd(answer, failure.map { .failure($0) } ?? .success(kept))
    }

    /// The answer of a transfer that streamed no body (`HEAD`) and completed.
    private func outcome() -> Result<UpstreamAnswer, UpstreamFailure> {
        guard status >= 100, !isHeadMalformed else { return .failure(.broken) }
        return .success(UpstreamAnswer(status: status, reasonPhrase: reasonPhrase, headers: headers, body: []))
    }

    private func failure(_ code: CURLcode) -> UpstreamFailure {
        if requestBodyBroke { return .requestBodyBroken }
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_COULDNT_RESOLVE_HOST: return .hostNotFound
        case CURLE_COULDNT_CONNECT: return .refused
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE:
            return .tls
        default: return .broken
        }
    }

    /// The server is stopping: the transfer ends without an answer, or with its body broken off.
    func abandon() { end(.stopped) }
}
