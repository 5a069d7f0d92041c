/// The URLs templates use for files under `Public/`.
struct AssetURLs: Sendable {
    func url(for name: String) -> String { "/static/\(name)" }
}
