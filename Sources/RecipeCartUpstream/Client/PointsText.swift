import Foundation

/// Quota points as people and scripts read them: at most two decimals, no trailing zeros, a point whatever the
/// locale — `150`, `1.5`, `146.32`.
package enum PointsText {
    package static func text(_ points: Double) -> String {
        var text = String(format: "%.2f", points)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
