import Mustache
import Synchronization

/// A page's template rendered by Mustache once for each shape its view takes, with a mark where each value goes; a
/// view of a shape already seen is then its plan's pieces with its values between them. Mustache looking up each name
/// (a split, a search up the context stack, a dynamic cast or two) was an eighth of an uncached search page at
/// 100,000 recipes; a plan reads each name once, straight from the view.
///
/// A shape is every lookup the template made while rendering and what it found: which values were there, which
/// flags were set, how many items each list it walked had. A view matches a plan when each of those lookups finds
/// the same again, so a change to the template or the view can only make a new plan, never a wrong page.
final class RenderPlans: Sendable {
    /// One step from a value to the next: a name looked up in a view, or an item of a list.
    enum Step: Hashable, Sendable {
        case name(String)
        case item(Int)
    }

    /// What a lookup found, as far as the template's choices go.
    enum Finding: Equatable, Sendable {
        case absent
        case text
        case flag(Bool)
        case view
        case list(count: Int)
        /// A value Mustache would reflect: such a view is rendered by Mustache alone.
        case unplanned
    }

    /// A lookup the template made, what it found, and the lookups it made in that (a view's names, a list's items).
    fileprivate struct Lookup: Sendable {
        var step: Step
        var finding: Finding
        /// For a text: its place among the values a fill shows.
        var valueIndex: Int?
        var inner: [Lookup]
    }

    fileprivate struct Plan: Sendable {
        /// Which plan this is, kept or moved to the front however the list changed meanwhile.
        let number: Int
        /// The lookups made in the view itself.
        let lookups: [Lookup]
        let valueCount: Int
        /// Literal HTML around the values shown: `pieces.count == shown.count + 1`.
        let pieces: [String]
        let piecesLength: Int
        let shown: [(valueIndex: Int, isEscaped: Bool)]
    }

    /// Where a lookup is made: in a view, or in a list's items.
    private enum Container {
        case view(any MustacheParent)
        case list([Any])
    }

    /// The plans kept, the one used last first, so the shape of the common search is tried first; past this many the
    /// one unused longest goes (a search page takes a handful of shapes; filters and browsing sections a few more).
    let capacity: Int
    private let plans = Mutex<(kept: [Plan], made: Int)>(([], 0))
    private let escaping = HTMLEscaping()

    init(capacity: Int = 32) {
        self.capacity = capacity
    }

    /// How many shapes have a plan.
    var shapes: Int { plans.withLock { $0.kept.count } }

    /// The view's HTML, byte for byte what `render` gives for it; `render` is called with a probe for a new shape.
    func html(_ view: some MustacheParent, render: (any MustacheParent) throws -> String) rethrows -> String {
        let root = Container.view(view)
        for (position, plan) in plans.withLock({ $0.kept }).enumerated() {
            var values = [String](repeating: "", count: plan.valueCount)
            guard Self.match(plan.lookups, in: root, values: &values) else { continue }
            // The common case, the first plan matching, takes no second lock.
            if position > 0 {
                plans.withLock { plans in
                    if let index = plans.kept.firstIndex(where: { $0.number == plan.number }) {
                        plans.kept.insert(plans.kept.remove(at: index), at: 0)
                    }
                }
            }
            return fill(plan, with: values)
        }
        let recorder = Recorder()
        let marked = try render(Probe(real: view, path: [], recorder: recorder))
        let number = plans.withLock { plans in
            plans.made += 1
            return plans.made
        }
        guard let plan = recorder.plan(from: marked, number: number) else { return try render(view) }
        plans.withLock { plans in
            plans.kept.insert(plan, at: 0)
            if plans.kept.count > capacity { plans.kept.removeLast() }
        }
        var values = [String](repeating: "", count: plan.valueCount)
        _ = Self.match(plan.lookups, in: root, values: &values)
        return fill(plan, with: values)
    }

    /// True when every lookup finds what it found for the plan; the texts found go into `values`.
    private static func match(_ lookups: [Lookup], in container: Container, values: inout [String]) -> Bool {
        for lookup in lookups {
            let value = child(lookup.step, of: container)
            let finding = Finding(of: value)
            guard finding == lookup.finding else { return false }
            switch finding {
            case .text:
                if let index = lookup.valueIndex { values[index] = text(of: value) }
            case .view where !lookup.inner.isEmpty:
                guard match(lookup.inner, in: .view(value as! any MustacheParent), values: &values) else {
                    return false
                }
            case .list where !lookup.inner.isEmpty:
                guard match(lookup.inner, in: .list(items(of: value!)), values: &values) else { return false }
            default:
                break
            }
        }
        return true
    }

    private func fill(_ plan: Plan, with values: [String]) -> String {
        var html = plan.pieces[0]
        html.reserveCapacity(plan.piecesLength + values.reduce(0) { $0 + $1.utf8.count } + 256)
        for (shown, piece) in zip(plan.shown, plan.pieces.dropFirst()) {
            html += shown.isEscaped ? escaping.escapeText(values[shown.valueIndex]) : values[shown.valueIndex]
            html += piece
        }
        return html
    }

    private static func child(_ step: Step, of container: Container) -> Any? {
        switch (step, container) {
        case (.name(let name), .view(let view)): view.child(named: name)
        case (.item(let index), .list(let items)): items.indices.contains(index) ? items[index] : nil
        default: nil
        }
    }

    fileprivate static func items(of list: Any) -> [Any] {
        guard let list = list as? any Collection else { return [] }
        return elements(of: list)
    }

    private static func elements(of list: some Collection) -> [Any] {
        list.map { $0 as Any }
    }

    /// What Mustache shows for a value: `String(describing:)` of it.
    private static func text(of value: Any?) -> String {
        switch value {
        case let text as String: text
        case let value?: String(describing: value)
        case nil: ""
        }
    }
}

extension RenderPlans.Finding {
    /// As Mustache tells them apart: a flag, a list (Mustache's sequences), a view that names its values, or a
    /// value shown as text. An optional inside the `Any` is left to Mustache.
    init(of value: Any?) {
        switch value {
        case nil: self = .absent
        case is String: self = .text
        case let flag as Bool: self = .flag(flag)
        case is any MustacheParent: self = .view
        case let list as any MustacheSequence & Collection: self = .list(count: list.count)
        case is any LosslessStringConvertible: self = .text
        default: self = .unplanned
        }
    }
}

/// What a probe's lookups found, while Mustache renders the probe.
private final class Recorder {
    /// Each path looked up, once, in the order first looked up: a value's path after the path of what holds it.
    private var lookups: [(path: [RenderPlans.Step], finding: RenderPlans.Finding)] = []
    private var looked: Set<[RenderPlans.Step]> = []
    /// The place of each text among the values, by its path.
    private var valueIndices: [[RenderPlans.Step]: Int] = [:]
    private var isPlanned = true

    /// The mark around a value's number: a control byte no template holds and escaping leaves alone, and an `&`
    /// that escaping turns into `&amp;`, which tells a `{{value}}` from a `{{{value}}}`.
    static let marker = UInt8(3)

    /// What the probe hands Mustache for the value at `path`: the same flag, nothing, a probe for a view, probes for a
    /// list's items, or a mark for a text.
    func probe(_ value: Any?, at path: [RenderPlans.Step]) -> Any? {
        let finding = RenderPlans.Finding(of: value)
        if looked.insert(path).inserted { lookups.append((path, finding)) }
        switch finding {
        case .unplanned:
            isPlanned = false
            return value
        case .absent: return nil
        case .flag(let flag): return flag
        case .view: return Probe(real: value as! any MustacheParent, path: path, recorder: self)
        case .list: return RenderPlans.items(of: value!).enumerated().map { probe($1, at: path + [.item($0)]) }
        case .text:
            let index = valueIndices[path] ?? valueIndices.count
            valueIndices[path] = index
            let edge = String(decoding: [Self.marker], as: UTF8.self)
            return edge + String(index) + "&" + edge
        }
    }

    /// Nil when the view held a value Mustache reflects.
    func plan(from html: String, number: Int) -> RenderPlans.Plan? {
        guard isPlanned else { return nil }
        let marked = MarkedText(html, marker: Self.marker)
        var pieces = [String(marked.pieces[0])]
        var shown: [(valueIndex: Int, isEscaped: Bool)] = []
        for (mark, piece) in zip(marked.marks, marked.pieces.dropFirst()) {
            let inner = mark.dropFirst().dropLast()
            if let index = Int(inner.prefix { $0.isASCII && $0.isNumber }), index < valueIndices.count {
                shown.append((index, inner.hasSuffix("&amp;")))
                pieces.append(String(piece))
            } else {
                pieces[pieces.count - 1] += mark + piece
            }
        }
        return RenderPlans.Plan(
            number: number, lookups: tree(under: []), valueCount: valueIndices.count, pieces: pieces,
            piecesLength: pieces.reduce(0) { $0 + $1.utf8.count }, shown: shown)
    }

    /// The lookups made in the value at `path`, each with those made in what it found.
    private func tree(under path: [RenderPlans.Step]) -> [RenderPlans.Lookup] {
        lookups.filter { $0.path.count == path.count + 1 && $0.path.starts(with: path) }.map { lookup in
            RenderPlans.Lookup(
                step: lookup.path.last!, finding: lookup.finding, valueIndex: valueIndices[lookup.path],
                inner: tree(under: lookup.path))
        }
    }
}

/// Stands in for a view while its shape is rendered: each name Mustache looks up is looked up in the view and
/// recorded.
private struct Probe: MustacheParent {
    let real: any MustacheParent
    let path: [RenderPlans.Step]
    let recorder: Recorder

    func child(named name: String) -> Any? {
        recorder.probe(real.child(named: name), at: path + [.name(name)])
    }
}
