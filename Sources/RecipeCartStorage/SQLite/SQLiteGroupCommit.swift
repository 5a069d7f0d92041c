import GRDB
import Synchronization

/// Cart changes that arrive together are written together: one transaction takes every change waiting when the
/// writer gets to them, each in its own savepoint (so a change that fails fails alone), and no change is answered
/// before that transaction has committed — at `synchronous = FULL`, before it is on disk. A burst of stepper posts
/// then costs one fsync a batch instead of one a post, and a 303 never promises what a power cut could take back.
package final class SQLiteGroupCommit: Sendable {
    /// A batch bigger than this waits for the next transaction, so one batch never holds the writer for long.
    package static let maximumBatch = 256

    private struct Job: Sendable {
        /// When the post asked: a batch that finds the database locked by another process fails at once for every
        /// post that was already waiting when the lock was seen, as single writes do (`SQLiteDatabase.write`).
        package let queuedAt: ContinuousClock.Instant
        /// Runs the change inside its savepoint and keeps its value for `finish`.
        package let apply: @Sendable (Database) throws -> Void
        /// Answers the waiting post: nil once its change is committed, or why it was not.
        package let finish: @Sendable ((any Error)?) -> Void
    }

    private struct Queue {
        package var jobs: [Job] = []
        package var isDraining = false
    }

    private let database: SQLiteDatabase
    private let queue = Mutex(Queue())

    package init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Applies `change` in the next batch and answers its value once the batch is committed.
    package func write<T: Sendable>(_ change: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let value = Mutex<T?>(nil)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let job = Job(
                queuedAt: .now,
                apply: { db in
                    let result = try change(db)
                    value.withLock { $0 = result }
                },
                finish: { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                })
            let startsDrain = queue.withLock { queue in
                queue.jobs.append(job)
                defer { queue.isDraining = true }
                return !queue.isDraining
            }
            if startsDrain { Task { await drain() } }
        }
        return value.withLock { $0! }
    }

    /// Writes batches until no change waits.
    private func drain() async {
        while true {
            let batch: [Job] = queue.withLock { queue in
                let batch = Array(queue.jobs.prefix(Self.maximumBatch))
                queue.jobs.removeFirst(batch.count)
                if batch.isEmpty { queue.isDraining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                let failures = try await database.write(queuedAt: batch[0].queuedAt) { db in
                    var failures: [Int: any Error] = [:]
                    for (index, job) in batch.enumerated() {
                        do {
                            try db.inSavepoint {
                                try job.apply(db)
                                return .commit
                            }
                        } catch {
                            failures[index] = error
                        }
                    }
                    return failures
                }
                for (index, job) in batch.enumerated() { job.finish(failures[index]) }
            } catch {
                for job in batch { job.finish(error) }
            }
        }
    }
}
