import RecipeCartStaticFiles
import Synchronization

/// The URLs templates use for files under `Public/`: fingerprinted with their content hash
/// (`/static/app.3f9c1a2b.css`), so browsers may keep them for a year and still see every change.
/// Each page asks for several of them, and finding a fingerprint checks the file on disk, so the answers are
/// kept for a second: a changed stylesheet shows under its new address within that second, at no cost per request.
final class AssetURLs: Sendable {
    static let recheckAfter: Duration = .seconds(1)

    private struct Memo {
        var checkedAt: ContinuousClock.Instant
        var urls: [String: String] = [:]
    }

    let files: StaticFiles
    private let memo = Mutex(Memo(checkedAt: .now))

    init(files: StaticFiles) {
        self.files = files
    }

    func url(for name: String) -> String {
        let now = ContinuousClock.now
        if let known = memo.withLock({ now - $0.checkedAt < Self.recheckAfter ? $0.urls[name] : nil }) { return known }
        let url = Self.url(for: name, in: files)
        memo.withLock { memo in
            if now - memo.checkedAt >= Self.recheckAfter { memo = Memo(checkedAt: now) }
            memo.urls[name] = url
        }
        return url
    }

    private static func url(for name: String, in files: StaticFiles) -> String {
        guard let path = try? StaticFilePath(name), let fingerprint = files.fingerprint(ofAsset: path) else {
            return "/static/\(name)"
        }
        return "/static/\(Fingerprint.name(path.value, with: fingerprint))"
    }
}
