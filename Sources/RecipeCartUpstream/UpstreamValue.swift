import Foundation
import RecipeCartDomain

/// Helpers shared by both mappers.
package enum UpstreamValue {
    /// The category a recipe gets when upstream names none.
    package static let fallbackCategory = "Other"

    /// An absolute http(s) URL with a host, or nil: upstream links end up in `href`s and in
    /// the image downloader, so `javascript:`, `file:` and relative junk never get through.
    package static func webURL(_ string: String?) -> URL? {
        guard let string = string?.trimmingCharacters(in: .whitespacesAndNewlines), !string.isEmpty,
            let url = URL(string: string), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// `string` trimmed, with inner runs of whitespace made one space; nil when nothing is left.
    package static func clean(_ string: String?) -> String? {
        guard let string else { return nil }
        let words = string.split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Diets in `Diet.allCases` order, so the same recipe always maps to the same array.
    package static func ordered(_ diets: Set<Diet>) -> [Diet] {
        Diet.allCases.filter(diets.contains)
    }

    /// Lowercased, cleaned, without blanks or repeats, first occurrence first.
    package static func tags(_ candidates: some Sequence<String>) -> [String] {
        var seen: Set<String> = []
        return candidates.compactMap { clean($0)?.lowercased() }.filter { seen.insert($0).inserted }
    }
}
