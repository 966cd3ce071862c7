import Foundation

extension [URLQueryItem] {
    /// Appends `name=value` when there is a value: the admin API's optional filters and paging.
    mutating func append(_ name: String, _ value: (some LosslessStringConvertible)?) {
        if let value { append(URLQueryItem(name: name, value: String(value))) }
    }
}
