/// The one rule that turns a request body into parameters, used by routing and by capture
/// matching alike: `application/x-www-form-urlencoded` pairs, the members of a JSON object
/// (`application/json` or `application/…+json`), or the text fields of `multipart/form-data`.
/// A `charset` parameter is tolerated; bodies are read as UTF-8.
public enum BodyParameters {
    /// The parameters `body` carries; nil when its media type carries none (no type, or a type
    /// other than the three above). An empty body carries no parameters.
    public static func parse(_ body: [UInt8], contentType: String?) throws(ParameterError) -> Parameters? {
        guard let contentType else { return nil }
        let mediaType = MediaType(contentType)
        switch mediaType.essence {
        case "application/x-www-form-urlencoded":
            return try body.withUnsafeBufferPointer { (bytes) throws(ParameterError) -> Parameters in
                try FormURLEncoded.parse(bytes, origin: "form")
            }
        case "multipart/form-data":
            guard !body.isEmpty else { return Parameters() }
            return try MultipartFormData.parameters(from: body, boundary: mediaType.parameters["boundary"])
        case _ where mediaType.isJSON:
            return try JSONObjectParameters.parameters(from: body)
        default:
            return nil
        }
    }
}
