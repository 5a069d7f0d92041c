import Crypto
import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain
import ServiceLifecycle

/// Downloads upstream pictures into `<data-dir>/images/cache/`, in the background and at most four at a time,
/// so pages only ever point at local files (`img-src 'self'`). Each URL is tried at most once: a stored or
/// refused picture is settled in the database for good; one cut short by a network fault is tried again after a restart
/// (on PostgreSQL, by whichever instance claims it once the first claim has run out).
package final class ImageCache: Service, Sendable {
    package static let maximumBytes = 5 * 1024 * 1024
    package static let concurrentDownloads = 4

    package let directory: URL
    private let http: UpstreamHTTP
    private let store: any UpstreamStore
    private let shared: any SharedPictures
    private let timeout: TimeInterval
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let queue: AsyncStream<URL>
    private let continuation: AsyncStream<URL>.Continuation

    /// - Parameter directory: `<data-dir>/images/cache`, already there.
    package init(
        directory: URL, http: UpstreamHTTP, store: any UpstreamStore, shared: any SharedPictures,
        settings: UpstreamSettings,
        logger: Logger
    ) {
        self.directory = directory
        self.http = http
        self.store = store
        self.shared = shared
        // A picture is bigger than a JSON answer, and off the request path: give it a few times the API's limit.
        timeout = max(settings.timeout * 4, 10)
        clock = settings.clock
        self.logger = logger
        (queue, continuation) = AsyncStream.makeStream()
    }

    /// Queues pictures and returns at once.
    package func enqueue(_ urls: some Sequence<URL>) {
        for url in urls { continuation.yield(url) }
    }

    package func run() async throws {
        do {
            enqueue(try await store.pendingImageURLs())
        } catch {
            logger.error("cannot list pictures to download", metadata: ["error": "\(error)"])
        }
        var seen: Set<URL> = []
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for await url in queue.cancelOnGracefulShutdown() where seen.insert(url).inserted {
                if running == Self.concurrentDownloads {
                    await group.next()
                    running -= 1
                }
                group.addTask { await self.download(url) }
                running += 1
            }
        }
    }

    /// The file name a picture is stored under: a digest of its URL, so the same URL always lands on the same file.
    package static func fileName(for url: URL, kind: ImageKind) -> String {
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8)).prefix(16).map { String(format: "%02x", $0) }
            .joined()
        return "\(digest).\(kind.fileExtension)"
    }

    private func download(_ url: URL) async {
        do {
            // Several instances may want one picture: the one that claims it downloads it, the others serve its copy.
            guard try await store.claimImage(url, at: clock()) else { return }
            let answer: UpstreamHTTP.Answer
            do {
                answer = try await http.get(url, limit: Self.maximumBytes, timeout: timeout) {
                    $0.status == 200 && Self.isImageType($0.header("Content-Type"))
                }
            } catch .tooLarge {
                return try await refuse(url, "larger than \(Self.maximumBytes / 1_048_576) MB")
            } catch {
                return logger.info(
                    "picture not downloaded, will retry after a restart",
                    metadata: ["url": "\(url)", "reason": "\(error)"])
            }
            guard answer.status == 200 else {
                if answer.status >= 500 || answer.status == 429 {
                    return logger.info(
                        "picture not downloaded, will retry after a restart",
                        metadata: ["url": "\(url)", "status": "\(answer.status)"])
                }
                return try await refuse(url, "HTTP \(answer.status)")
            }
            guard Self.isImageType(answer.header("Content-Type")) else {
                return try await refuse(url, "not an image (Content-Type: \(answer.header("Content-Type") ?? "none"))")
            }
            guard let kind = ImageKind(sniffing: answer.body.readableBytesView) else {
                return try await refuse(url, "not a JPEG, PNG, WebP or GIF")
            }
            let name = Self.fileName(for: url, kind: kind)
            let bytes = Array(answer.body.readableBytesView)
            try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
            try await shared.keep(bytes, path: "\(UpstreamImages.folder)/\(name)")
            try await store.imageStored(url, fileName: name, at: clock())
        } catch {
            logger.error("picture not stored", metadata: ["url": "\(url)", "error": "\(error)"])
        }
    }

    private func refuse(_ url: URL, _ reason: String) async throws {
        logger.notice("picture refused", metadata: ["url": "\(url)", "reason": "\(reason)"])
        try await store.imageRefused(url, reason: reason, at: clock())
    }

    private static func isImageType(_ contentType: String?) -> Bool {
        contentType?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("image/") ?? false
    }
}
