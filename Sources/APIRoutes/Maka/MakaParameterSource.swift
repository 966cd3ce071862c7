import Wire

/// Where a Maka handler reads a parameter: the first value of a name, nil when none is given.
/// Both the decoded `Parameters` and a read-only list route's `MakaQuery` give it.
protocol MakaParameterSource {
    subscript(name: String) -> String? { get }

    /// The first value of `name` read as an integer.
    func integer(_ name: String) -> MakaInteger
}

extension MakaParameterSource {
    func integer(_ name: String) -> MakaInteger {
        MakaInteger(self[name])
    }
}

extension Parameters: MakaParameterSource {}
