/// The URLs templates use for files under `Public/`: fingerprinted with their content hash
/// (`/static/app.3f9c1a2b.css`), so browsers may keep them for a year and still see every change.
struct AssetURLs: Sendable {
    let files: StaticFiles

    func url(for name: String) -> String {
        guard let path = try? StaticFilePath(name), let fingerprint = files.fingerprint(ofAsset: path) else {
            return "/static/\(name)"
        }
        return "/static/\(Fingerprint.name(path.value, with: fingerprint))"
    }
}
