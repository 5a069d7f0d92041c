import Mustache

/// A view a `Stencil` fills in: its partial template shows a fixed set of fields, some of which an item may lack.
protocol StencilItem: FragmentView {
    /// What the template may show, by the name it uses there.
    associatedtype Field: RawRepresentable<String>, CaseIterable, Hashable, Sendable

    /// The values (or flags) an item may lack, so that its template leaves out what shows them.
    static var optionalFields: [Field] { get }

    /// Nil where the item lacks the field; a flag that is set is any text.
    func value(of field: Field) -> String?
}

/// A partial template rendered once at start for each shape its items can take (which of their optional values they
/// have) with a marker where each value goes; an item is then its shape's pieces with its values escaped between them.
/// Mustache looking up a dozen names in each of a page's 48 tiles was a quarter of an uncached search at 100,000
/// recipes, and the Browse filters' options and chips a fifth.
struct Stencil<Item: StencilItem>: Sendable {
    private struct Shape: Sendable {
        /// Literal HTML around the values: `pieces.count == fields.count + 1`.
        var pieces: [String] = []
        var fields: [Item.Field] = []
    }

    /// Stands in for an item while its shape is rendered: a marker for each value the shape has.
    struct Probe: FragmentView, MustacheParent {
        static var template: PartialTemplate { Item.template }

        let present: Set<Item.Field>

        func child(named name: String) -> Any? {
            Item.Field(rawValue: name).flatMap { present.contains($0) ? StencilMarker.marker(for: $0.rawValue) : nil }
        }
    }

    /// By `shapeNumber(of:)`.
    private let shapes: [Shape]
    private let escaping = HTMLEscaping()

    init(render: (Probe) throws -> String) rethrows {
        let optional = Item.optionalFields
        let required = Set(Item.Field.allCases).subtracting(optional)
        shapes = try (0..<(1 << optional.count)).map { number in
            let present = required.union(optional.indices.filter { number & 1 << $0 != 0 }.map { optional[$0] })
            return Self.shape(of: try render(Probe(present: present)))
        }
    }

    /// The items' HTML, one after another, byte for byte what Mustache renders from the template for each.
    func html(_ items: [Item]) -> String {
        var html = ""
        for item in items {
            let shape = shapes[Self.shapeNumber(of: item)]
            html += shape.pieces[0]
            for (field, piece) in zip(shape.fields, shape.pieces.dropFirst()) {
                html += escaping.escapeText(item.value(of: field) ?? "")
                html += piece
            }
        }
        return html
    }

    /// Bit `i` set when the item has `Item.optionalFields[i]`.
    private static func shapeNumber(of item: Item) -> Int {
        let optional = Item.optionalFields
        return optional.indices.reduce(0) { $0 | (item.value(of: optional[$1]) == nil ? 0 : 1 << $1) }
    }

    /// A mark that names no field (none does: only the probe makes marks) stays in the text as it was.
    private static func shape(of html: String) -> Shape {
        let marked = MarkedText(html, marker: StencilMarker.byte)
        var shape = Shape(pieces: [String(marked.pieces[0])])
        for (mark, piece) in zip(marked.marks, marked.pieces.dropFirst()) {
            if let field = Item.Field(rawValue: String(mark.dropFirst().dropLast())) {
                shape.fields.append(field)
                shape.pieces.append(String(piece))
            } else {
                shape.pieces[shape.pieces.count - 1] += mark + piece
            }
        }
        return shape
    }
}

/// What marks a value's place while a stencil's shapes are rendered.
enum StencilMarker {
    /// A control character no template holds and HTML escaping leaves alone, around the field's name.
    static let byte = UInt8(2)

    static func marker(for name: String) -> String {
        let edge = String(decoding: [byte], as: UTF8.self)
        return edge + name + edge
    }
}
