import Foundation

/// What identifies "the same request" for replay: method, decoded path, and the significant
/// parameters (all parameters minus the volatile ones), sorted.
public struct CaptureMatchKey: Sendable, Hashable, CustomStringConvertible {
    public let method: String
    public let path: String
    /// Significant parameters, sorted by name then value.
    public let parameters: [CaptureParameter]

    /// Builds the key of a request, leaving out the parameters volatile for its path.
    public init(_ request: CaptureRequest, volatileParameters: VolatileParameters) {
        method = request.method
        path = request.path
        let volatile = volatileParameters.names(forPath: request.path)
        parameters = request.parameters.filter { !volatile.contains($0.name) }.sorted()
    }

    /// The parameters as one canonical string (`a=1&b=x%26y`), as stored and compared.
    public var canonicalParameters: String {
        parameters.map { Self.escape($0.name) + "=" + Self.escape($0.value) }.joined(separator: "&")
    }

    /// The whole key as one string: `GET /path?canonical-parameters`.
    public var text: String {
        "\(method) \(path)?\(canonicalParameters)"
    }

    public var description: String {
        parameters.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(canonicalParameters)"
    }

    /// Escapes only what would make the canonical string ambiguous.
    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "%" || $0 == "&" || $0 == "=" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "%": result += "%25"
            case "&": result += "%26"
            case "=": result += "%3D"
            default: result.append(character)
            }
        }
        return result
    }

    /// Parses a canonical parameter string back into parameters.
    package static func parameters(fromCanonical text: String) -> [CaptureParameter] {
        CaptureRequest.queryParameters(text.replacingOccurrences(of: "+", with: "%2B"))
    }
}
