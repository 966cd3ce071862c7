/// Query and body parameters, decoded on demand.
extension HTTPRequest {
    /// The query string as form-urlencoded pairs (`+` is a space); empty without a query.
    public func queryParameters() throws(ParameterError) -> Parameters {
        guard let query, !query.isEmpty else { return Parameters() }
        return try FormURLEncoded.parse(query, origin: "query")
    }

    /// form-urlencoded, JSON object (non-string values kept as their JSON text, null omitted),
    /// multipart/form-data text fields; other or no content type → empty. A `charset`
    /// parameter is tolerated; bodies are read as UTF-8.
    public func bodyParameters() throws(ParameterError) -> Parameters {
        guard !body.isEmpty, let contentType = headers["content-type"] else { return Parameters() }
        let mediaType = MediaType(contentType)
        switch mediaType.essence {
        case "application/x-www-form-urlencoded":
            return try body.withUnsafeBufferPointer { (bytes) throws(ParameterError) -> Parameters in
                try FormURLEncoded.parse(bytes, origin: "form")
            }
        case "multipart/form-data":
            return try MultipartFormData.parameters(from: body, boundary: mediaType.parameters["boundary"])
        case _ where mediaType.isJSON:
            return try JSONObjectReader.parameters(from: body)
        default:
            return Parameters()
        }
    }

    /// Body first, then query: a name in the body wins (the query's values for it are dropped).
    public func parameters() throws(ParameterError) -> Parameters {
        let fromBody = try bodyParameters()
        let fromQuery = try queryParameters()
        if fromBody.isEmpty { return fromQuery }
        var combined = fromBody
        for pair in fromQuery where !fromBody.contains(pair.name) {
            combined.append(name: pair.name, value: pair.value)
        }
        return combined
    }
}
