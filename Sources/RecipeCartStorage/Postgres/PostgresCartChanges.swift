import PostgresNIO
import RecipeCartContracts
import RecipeCartDomain
import Synchronization

/// Stepper posts on PostgreSQL, written as `SQLiteGroupCommit` writes them on SQLite: the posts waiting when the writer gets
/// to them go in one transaction and one commit, and none is answered before that commit. The whole batch is one
/// statement, the `cart_changes` function (migration v6, following renewals since v21): it takes every session lock of the batch in one order, then
/// applies the posts in the order they came. A post used to be a transaction of five to seven statements, each a round
/// trip, parsed and planned anew; a batch is three round trips (BEGIN, the statement, COMMIT) and one WAL flush, and
/// up to `maximumWriters` batches are in flight at once.
///
/// A batch that fails (a deadlock that outlived `PostgresDatabase.write`'s retries, a post PostgreSQL refuses) is
/// written again one post a transaction, so a post fails only for its own reason, never for its neighbours'.
package final class PostgresCartChanges: Sendable {
    /// A batch bigger than this waits for the next transaction, so one batch never holds its locks for long.
    package static let maximumBatch = 256

    /// One post as `cart_changes` reads it.
    package struct Change: Sendable {
        package var session: String
        package var fresh: String?
        /// The id a send may have renewed the session as, which a cart starting from empty follows when it did.
        package var follow: String?
        package var recipe: String
        package var op: String
        package var quantity: Int?
        package var servings: Int?
        /// The undo's token, for a change that may take the line away.
        package var token: String?
        package var postedAt: Double

        package init(
            session: String, fresh: String?, follow: String? = nil, recipe: String, op: String, quantity: Int? = nil,
            servings: Int? = nil, token: String? = nil, postedAt: Double
        ) {
            self.session = session
            self.fresh = fresh
            self.follow = follow
            self.recipe = recipe
            self.op = op
            self.quantity = quantity
            self.servings = servings
            self.token = token
            self.postedAt = postedAt
        }

        /// The batch as `cart_changes` reads it, written out by hand: JSONEncoder, on the writer every post of the
        /// batch waits for, showed in the profile.
        package static func json(_ changes: [Change]) -> String {
            var json = "["
            json.reserveCapacity(changes.count * 200)
            for (index, change) in changes.enumerated() {
                if index > 0 { json += "," }
                json += #"{"session":"#
                quote(change.session, into: &json)
                json += #","recipe":"#
                quote(change.recipe, into: &json)
                json += #","op":"#
                quote(change.op, into: &json)
                json += #","posted_at":"#
                json += "\(change.postedAt)"
                if let fresh = change.fresh {
                    json += #","fresh":"#
                    quote(fresh, into: &json)
                }
                if let follow = change.follow {
                    json += #","follow":"#
                    quote(follow, into: &json)
                }
                if let quantity = change.quantity { json += #","quantity":"# + String(quantity) }
                if let servings = change.servings { json += #","servings":"# + String(servings) }
                if let token = change.token {
                    json += #","token":"#
                    quote(token, into: &json)
                }
                json += "}"
            }
            return json + "]"
        }

        /// A JSON string: quotes, backslashes and control characters escaped.
        private static func quote(_ text: String, into json: inout String) {
            json += "\""
            defer { json += "\"" }
            // Session hashes, recipe ids, ops and tokens never need escaping: copied whole.
            guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else {
                json += text
                return
            }
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: json.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// What `cart_changes` answers for one post.
    package struct Applied: Sendable {
        package var session: String
        package var quantity: Int
        package var title: String?
        package var undoKept: Bool
    }

    private struct Job: Sendable {
        package let change: Change
        package let finish: @Sendable (Result<Applied, any Error>) -> Void
    }

    private struct Queue {
        package var jobs: [Job] = []
        package var writers = 0
    }

    /// Batches in flight at once: while one waits for its commit to reach the disk, the next is already applied.
    /// Two batches wanting one session wait for each other's commit, never in a circle (locks taken in one order).
    package static let maximumWriters = 2

    private let database: PostgresDatabase
    private let queue = Mutex(Queue())

    package init(database: PostgresDatabase) {
        self.database = database
    }

    /// Applies `change` in the next batch and answers once the batch is committed.
    package func apply(_ change: Change) async throws -> Applied {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Applied, any Error>) in
            let job = Job(change: change, finish: { continuation.resume(with: $0) })
            let startsWriter = queue.withLock { queue in
                queue.jobs.append(job)
                guard queue.writers < Self.maximumWriters else { return false }
                queue.writers += 1
                return true
            }
            if startsWriter { Task { await drain() } }
        }
    }

    /// Writes batches until no post waits.
    private func drain() async {
        while true {
            let batch: [Job] = queue.withLock { queue in
                let batch = Array(queue.jobs.prefix(Self.maximumBatch))
                queue.jobs.removeFirst(batch.count)
                if batch.isEmpty { queue.writers -= 1 }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                let applied = try await write(batch.map(\.change))
                for (job, result) in zip(batch, applied) { job.finish(.success(result)) }
            } catch let error where batch.count > 1 && !StorageError.isUnavailable(error) {
                for job in batch {
                    do {
                        job.finish(.success(try await write([job.change])[0]))
                    } catch {
                        job.finish(.failure(error))
                    }
                }
            } catch {
                for job in batch { job.finish(.failure(error)) }
            }
        }
    }

    /// One transaction: the batch's statement, then COMMIT. - Returns: one answer a change, in the batch's order.
    private func write(_ changes: [Change]) async throws -> [Applied] {
        let batch = Change.json(changes)
        let rows = try await database.write { connection in try await connection.rows(Statement(batch: batch)) }
        guard rows.count == changes.count, rows.enumerated().allSatisfy({ $0.offset + 1 == $0.element.number }) else {
            throw BatchMismatch(sent: changes.count, answered: rows.count)
        }
        return rows.map(\.applied)
    }

    /// `cart_changes` answered other rows than one a post, in order: a bug in the function.
    package struct BatchMismatch: Error, CustomStringConvertible {
        package let sent: Int
        package let answered: Int
        package var description: String { "cart_changes answered \(answered) rows for \(sent) posts" }
    }

    /// Prepared once a connection, as `ShopperPageStatements` are.
    private struct Statement: PostgresPreparedStatement {
        package static let sql = """
            SELECT change_number, new_session, new_quantity, line_title, undo_kept
            FROM cart_changes($1::JSONB, \(Cart.maximumQuantity))
            """
        package static let bindingDataTypes: [PostgresDataType] = [.text]
        package var batch: String

        package func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            try bindings.append(batch)
            return bindings
        }

        package func decodeRow(_ row: PostgresRow) throws -> (number: Int, applied: Applied) {
            let (number, session, quantity, title, undoKept) = try row.decode((Int, String, Int, String?, Bool).self)
            return (number, Applied(session: session, quantity: quantity, title: title, undoKept: undoKept))
        }
    }
}
