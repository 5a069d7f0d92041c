import Mustache

/// tile.mustache, rendered once at start for each shape a tile can take (which of its optional values it has) with a
/// marker where each value goes; a tile is then its shape's pieces with its values escaped between them. Mustache
/// looking up a dozen names in each of a page's 48 tiles was a quarter of an uncached search at 100,000 recipes.
struct TileStencil: Sendable {
    private struct Shape: Sendable {
        /// Literal HTML around the values: `pieces.count == fields.count + 1`.
        var pieces: [String] = []
        var fields: [RecipeTile.Field] = []
    }

    /// Stands in for a tile while its shape is rendered: a marker for each value the shape has.
    struct Probe: FragmentView, MustacheParent {
        static let template = PartialTemplate.tile

        let present: Set<RecipeTile.Field>

        func child(named name: String) -> Any? {
            RecipeTile.Field(rawValue: name).flatMap { present.contains($0) ? TileStencil.marker(for: $0) : nil }
        }
    }

    /// A control character no template holds and HTML escaping leaves alone, around the field's name.
    private static let markerByte = UInt8(2)
    private static let escaping = HTMLEscaping()

    /// By `shapeNumber(of:)`.
    private let shapes: [Shape]

    init(render: (Probe) throws -> String) rethrows {
        let optional = RecipeTile.Field.optional
        let required = Set(RecipeTile.Field.allCases).subtracting(optional)
        shapes = try (0..<(1 << optional.count)).map { number in
            let present = required.union(optional.indices.filter { number & 1 << $0 != 0 }.map { optional[$0] })
            return Self.shape(of: try render(Probe(present: present)))
        }
    }

    /// The tiles' HTML, one after another, byte for byte what Mustache renders from tile.mustache for each.
    func html(_ tiles: [RecipeTile]) -> String {
        var html = ""
        for tile in tiles {
            let shape = shapes[Self.shapeNumber(of: tile)]
            html += shape.pieces[0]
            for (field, piece) in zip(shape.fields, shape.pieces.dropFirst()) {
                html += Self.escaping.escapeText(tile.value(of: field) ?? "")
                html += piece
            }
        }
        return html
    }

    /// Bit `i` set when the tile has `RecipeTile.Field.optional[i]`.
    private static func shapeNumber(of tile: RecipeTile) -> Int {
        let optional = RecipeTile.Field.optional
        return optional.indices.reduce(0) { $0 | (tile.value(of: optional[$1]) == nil ? 0 : 1 << $1) }
    }

    static func marker(for field: RecipeTile.Field) -> String {
        let edge = String(decoding: [markerByte], as: UTF8.self)
        return edge + field.rawValue + edge
    }

    private static func shape(of html: String) -> Shape {
        var shape = Shape()
        var rest = Substring(html)
        while let start = rest.utf8.firstIndex(of: markerByte),
              let end = rest.utf8[rest.utf8.index(after: start)...].firstIndex(of: markerByte),
              let field = RecipeTile.Field(rawValue: String(rest[rest.utf8.index(after: start)..<end])) {
            shape.pieces.append(String(rest[..<start]))
            shape.fields.append(field)
            rest = rest[rest.utf8.index(after: end)...]
        }
        shape.pieces.append(String(rest))
        return shape
    }
}
