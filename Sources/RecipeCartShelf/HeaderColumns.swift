/// A header line's columns, found by name whatever their case and spacing (`Variant SKU`, `variant sku`,
/// ` Variant  SKU `), so that hand-edited exports still read.
struct HeaderColumns: Sendable {
    let names: [String]
    private let positions: [String: Int]

    init(_ fields: [String]) {
        names = fields
        var positions: [String: Int] = [:]
        for (position, name) in fields.enumerated() where positions[Self.normalised(name)] == nil {
            positions[Self.normalised(name)] = position
        }
        self.positions = positions
    }

    /// The first column named by any of `aliases`, tried in order (the newer name first where a till renamed one).
    func column(_ aliases: [String]) -> Int? {
        aliases.lazy.compactMap { positions[Self.normalised($0)] }.first
    }

    func has(_ name: String) -> Bool { positions[Self.normalised(name)] != nil }

    /// Every column whose name starts with `prefix`, in file order: Square's `Current Quantity <location>`.
    func columns(startingWith prefix: String) -> [Int] {
        let prefix = Self.normalised(prefix)
        return names.indices.filter { Self.normalised(names[$0]).hasPrefix(prefix) }
    }

    static func normalised(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
