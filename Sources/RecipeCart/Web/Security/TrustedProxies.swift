import NIOCore

/// The proxies whose `X-Forwarded-For` RecipeCart believes (`--trusted-proxy`). Behind them the client is the
/// nearest hop in the header that is not itself a trusted proxy; from anyone else the header is ignored, so a
/// client cannot pick its own address to escape the sign-in throttle or its share of the upstream budget.
package struct TrustedProxies: Sendable, Equatable {
    package static let none = TrustedProxies(canonical: [])

    private let addresses: Set<String>

    private init(canonical: Set<String>) {
        addresses = canonical
    }

    /// A comma-separated list of IP addresses, e.g. `127.0.0.1, ::1`.
    package init(parsing list: String) throws {
        var addresses: Set<String> = []
        for entry in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            guard let canonical = Self.canonical(entry) else { throw InvalidProxyAddress(text: entry) }
            addresses.insert(canonical)
        }
        self.init(canonical: addresses)
    }

    /// Who sent a request: the peer, or behind trusted proxies the last untrusted hop they forwarded for.
    func clientAddress(peer: SocketAddress?, forwardedFor: [String]) -> String {
        let peerAddress = peer?.ipAddress ?? "unknown"
        guard addresses.contains(peerAddress) else { return peerAddress }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        var client = peerAddress
        for hop in hops.reversed() where !hop.isEmpty {
            guard let address = Self.canonical(hop) else { return String(hop.prefix(64)) }
            client = address
            if !addresses.contains(address) { break }
        }
        return client
    }

    /// One spelling per address, so `::1` and `0:0::1` are the same client.
    static func canonical(_ text: String) -> String? {
        (try? SocketAddress(ipAddress: text, port: 0))?.ipAddress
    }
}

package struct InvalidProxyAddress: Error, CustomStringConvertible {
    package let text: String
    package var description: String { "--trusted-proxy: \(text) is not an IP address" }
}
