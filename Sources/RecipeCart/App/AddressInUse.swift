import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server could not listen because another program already does: most often a second `swift run web`. Said in
/// words a grocer can act on, rather than as the socket call that failed.
struct AddressInUse: Error, CustomStringConvertible {
    let host: String
    let port: Int
    let metricsPort: Int?

    /// The error as `AddressInUse` when that is what it is.
    static func from(_ error: any Error, config: AppConfig) -> (any Error)? {
        guard let error = error as? IOError, error.errnoCode == EADDRINUSE else { return nil }
        return AddressInUse(host: config.host, port: config.port, metricsPort: config.metricsPort)
    }

    var description: String {
        let address = "\(host):\(port)" + (metricsPort.map { " (or the metrics port \($0))" } ?? "")
        return "\(address) is already in use by another program, perhaps RecipeCart itself running already; "
            + "stop it or choose another port with --port"
    }
}
