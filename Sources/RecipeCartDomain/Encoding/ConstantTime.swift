/// Comparisons of secrets that take as long whatever the answer, so response timing says nothing about how much of a
/// guess was right.
package enum ConstantTime {
    /// Equal bytes. Bytes of another length are not, which tells only the length.
    package static func equal(_ given: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> Bool {
        given.count == expected.count && zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
