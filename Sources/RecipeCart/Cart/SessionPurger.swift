import Foundation
import Logging
import RecipeCartContracts
import RecipeCartStorage
import ServiceLifecycle

/// Deletes sessions idle for 30 days, and their carts, once an hour while the server runs.
struct SessionPurger: Service {
    static let idleLimit: TimeInterval = 30 * 24 * 3600

    let carts: any CartStore
    let keptPages: KeptShopperPages
    let logger: Logger
    var interval: Duration = .seconds(3600)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await purge()
                try? await Task.sleep(for: interval)
            }
        }
    }

    func purge() async {
        do {
            let purged = try await carts.purgeSessions(idleLongerThan: Self.idleLimit)
            guard purged > 0 else { return }
            keptPages.forgetAll()
            logger.info("purged idle sessions", metadata: ["count": "\(purged)"])
        } catch {
            // A stop while it ran (a shutdown, or a start that failed) is no failure of the purge.
            guard !Task.isCancelled else { return }
            logger.error("session purge failed: \(error)")
        }
    }
}
