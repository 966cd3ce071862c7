import CaptureFormats

/// The captured request closest to one that matched nothing: same path, different method or
/// parameters. Its `message` tells a person what to change.
public struct CaptureNearMiss: Sendable, Hashable {
    /// The request that found no capture, as a match key.
    public let request: CaptureMatchKey
    public let closestMethod: String
    public let closestParameters: [CaptureParameter]

    /// `GET /path?a=1` of the closest capture.
    public var closestDescription: String {
        let parameters = closestParameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return parameters.isEmpty ? "\(closestMethod) \(request.path)" : "\(closestMethod) \(request.path)?\(parameters)"
    }

    /// What differs between the request and the closest capture, one phrase per difference.
    public var differences: [String] {
        var result: [String] = []
        if closestMethod != request.method { result.append("method is \(closestMethod) in the capture, \(request.method) here") }
        let mine = Dictionary(grouping: request.parameters, by: \.name)
        let theirs = Dictionary(grouping: closestParameters, by: \.name)
        for name in Set(mine.keys).union(theirs.keys).sorted() {
            let here = mine[name]?.map(\.value).sorted() ?? []
            let there = theirs[name]?.map(\.value).sorted() ?? []
            if here == there { continue }
            if here.isEmpty {
                result.append("\(name)=\(there.joined(separator: ",")) in the capture, absent here")
            } else if there.isEmpty {
                result.append("\(name) is not in the capture")
            } else {
                result.append("\(name) is \(there.joined(separator: ",")) in the capture, \(here.joined(separator: ",")) here")
            }
        }
        return result
    }

    /// One sentence for a 404 body.
    public var message: String {
        "closest captured request: \(closestDescription) (\(differences.joined(separator: "; ")))"
    }
}
