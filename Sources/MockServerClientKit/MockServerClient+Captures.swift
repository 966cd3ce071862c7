import Foundation

extension MockServerClient {
    /// `GET /__admin/captures`: the stored captures matching `filter`, newest first.
    public func captures(matching filter: CaptureFilter = CaptureFilter(), limit: Int? = nil,
                         offset: Int? = nil) async throws(MockServerClientError) -> CapturePage {
        var query = filter.queryItems
        query.append("limit", limit)
        query.append("offset", offset)
        return try await decode(CapturePage.self, "GET", "__admin/captures", query: query)
    }

    /// `GET /__admin/captures/{id}`: one capture in full; a `404` when there is none.
    public func capture(id: Int) async throws(MockServerClientError) -> CaptureDetail {
        try await decode(CaptureDetail.self, "GET", "__admin/captures/\(id)")
    }

    /// `DELETE /__admin/captures/{id}`: a `404` when there is none.
    public func deleteCapture(id: Int) async throws(MockServerClientError) {
        _ = try await send("DELETE", "__admin/captures/\(id)")
    }

    /// `DELETE /__admin/captures`: every capture matching `filter` (every capture for an empty
    /// filter), in one transaction; returns how many.
    @discardableResult
    public func deleteCaptures(matching filter: CaptureFilter) async throws(MockServerClientError) -> Int {
        struct Answer: Decodable { let deleted: Int }
        return try await decode(Answer.self, "DELETE", "__admin/captures", query: filter.queryItems).deleted
    }

    /// `POST /__admin/import`: one HAR or capture JSON document, imported in one transaction;
    /// `name` names it in messages and in the captures' `source`. A document with nothing
    /// importable is a `400` whose message names the problem, and nothing is written.
    @discardableResult
    public func importCaptures(_ document: Data, name: String? = nil) async throws(MockServerClientError) -> ImportSummary {
        let query = name.map { [URLQueryItem(name: "name", value: $0)] } ?? []
        return try await decode(ImportSummary.self, "POST", "__admin/import", query: query, json: document)
    }

    /// `POST /__admin/import` with the contents of a HAR or capture JSON file, named by its file name.
    @discardableResult
    public func importCaptures(contentsOf file: URL) async throws(MockServerClientError) -> ImportSummary {
        let document: Data
        do {
            document = try Data(contentsOf: file)
        } catch {
            throw .invalidRequest("cannot read \(file.path): \(error.localizedDescription)")
        }
        return try await importCaptures(document, name: file.lastPathComponent)
    }

    /// `GET /__admin/captures.har`: the captures matching `filter` as a HAR 1.2 document.
    public func capturesHAR(matching filter: CaptureFilter = CaptureFilter()) async throws(MockServerClientError) -> Data {
        try await send("GET", "__admin/captures.har", query: filter.queryItems)
    }
}
