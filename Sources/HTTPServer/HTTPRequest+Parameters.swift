import Wire

/// Query and body parameters, decoded on demand by Wire's rules.
extension HTTPRequest {
    /// The query string as form-urlencoded pairs (`+` is a space); empty without a query.
    public func queryParameters() throws(ParameterError) -> Parameters {
        guard let query, !query.isEmpty else { return Parameters() }
        return try FormURLEncoded.parse(query, origin: "query")
    }

    /// The body's parameters by `BodyParameters` (form-urlencoded, JSON object, multipart text
    /// fields); other or no content type → empty.
    public func bodyParameters() throws(ParameterError) -> Parameters {
        guard !body.isEmpty else { return Parameters() }
        return try BodyParameters.parse(body, contentType: headers[.contentType]) ?? Parameters()
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
