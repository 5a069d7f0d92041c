import RecipeCartDomain
import RecipeCartStorage
import Testing

/// What a session's memo keeps when its reads and writes overlap: never a value older than the session's last write.
@Suite struct PerSessionMemoTests {
    let session = SessionKey(sessionID: "shopper")
    let other = SessionKey(sessionID: "other")

    /// Starts a read of `session` that answers `value` once `release` is called, and waits until it has begun.
    private func pausedRead(
        _ memo: PerSessionMemo<Int>, of session: SessionKey, answering value: Int
    ) async -> (task: Task<Int, any Error>, release: @Sendable () -> Void) {
        let (begun, begin) = AsyncStream<Void>.makeStream()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let task = Task {
            try await memo.value(of: session) {
                begin.yield()
                for await _ in gate { break }
                return value
            }
        }
        for await _ in begun { break }
        return (task, { open.yield() })
    }

    @Test func aReadIsKeptUntilTheSessionsNextWrite() async throws {
        let memo = PerSessionMemo<Int>()
        #expect(try await memo.value(of: session) { 3 } == 3)
        #expect(memo.known(of: session) == 3)
        memo.forget([session])
        #expect(memo.known(of: session) == nil)
    }

    @Test func aReadBegunBeforeAWriteIsNotKept() async throws {
        let memo = PerSessionMemo<Int>()
        let read = await pausedRead(memo, of: session, answering: 1)
        memo.forget([session])
        read.release()
        #expect(try await read.task.value == 1)
        #expect(memo.known(of: session) == nil)
    }

    @Test func aWriteToAnotherSessionLeavesAReadKept() async throws {
        let memo = PerSessionMemo<Int>()
        let read = await pausedRead(memo, of: session, answering: 1)
        memo.forget([other])
        read.release()
        _ = try await read.task.value
        #expect(memo.known(of: session) == 1)
    }

    @Test func aWriteLeavesWhatItReadInsideItsTransaction() {
        let memo = PerSessionMemo<Int>()
        let ticket = memo.ticket(for: session)
        memo.remember(5, of: session, ticket: ticket)
        #expect(memo.known(of: session) == 5)
    }

    @Test func aReadThatSawTheDatabaseBeforeTheCommitIsReplacedOrDropped() async throws {
        let memo = PerSessionMemo<Int>()
        let ticket = memo.ticket(for: session)
        // Begun after the write's ticket, before its commit: it may answer what was there before.
        let endsFirst = await pausedRead(memo, of: session, answering: 1)
        let endsLast = await pausedRead(memo, of: session, answering: 1)
        endsFirst.release()
        _ = try await endsFirst.task.value
        memo.remember(2, of: session, ticket: ticket)
        #expect(memo.known(of: session) == 2)
        endsLast.release()
        _ = try await endsLast.task.value
        #expect(memo.known(of: session) == 2)
    }

    @Test func aWriteOvertakenByAnotherLeavesNothing() {
        let memo = PerSessionMemo<Int>()
        let first = memo.ticket(for: session)
        let second = memo.ticket(for: session)
        memo.remember(2, of: session, ticket: second)
        memo.remember(1, of: session, ticket: first)
        #expect(memo.known(of: session) == 2)

        let third = memo.ticket(for: session)
        memo.forget([session])
        memo.remember(3, of: session, ticket: third)
        #expect(memo.known(of: session) == nil)

        let fourth = memo.ticket(for: session)
        memo.forgetAll()
        memo.remember(4, of: session, ticket: fourth)
        #expect(memo.known(of: session) == nil)
    }

    @Test func pastItsCapacityTheMemoStartsAgain() async throws {
        let memo = PerSessionMemo<Int>(capacity: 2)
        _ = try await memo.value(of: session) { 1 }
        _ = try await memo.value(of: other) { 2 }
        _ = try await memo.value(of: SessionKey(sessionID: "third")) { 3 }
        #expect(memo.known(of: session) == nil)
        #expect(memo.known(of: SessionKey(sessionID: "third")) == 3)
    }

    @Test func aReadKeptByItsMarkIsDroppedWhenAWriteCameBetween() {
        let memo = PerSessionMemo<Int>()
        let before = memo.mark(of: session)
        memo.forget([session])
        memo.keep(1, of: session, readSince: before)
        #expect(memo.known(of: session) == nil)
        let after = memo.mark(of: session)
        memo.forget([other])
        memo.keep(2, of: session, readSince: after)
        #expect(memo.known(of: session) == 2)
    }

    /// Sessions that only write leave a count each; past four times the capacity the memo starts again rather than
    /// holding them all.
    @Test func theCountsOfSessionsThatOnlyWriteStayBounded() async throws {
        let memo = PerSessionMemo<Int>(capacity: 2)
        _ = try await memo.value(of: session) { 1 }
        for index in 0..<8 { memo.forget([SessionKey(sessionID: "writer-\(index)")]) }
        #expect(memo.known(of: session) == 1)
        memo.forget([SessionKey(sessionID: "writer-8")])
        #expect(memo.known(of: session) == nil)
    }

    /// Values of varying size: past the budget of their costs the memo starts again, as past its capacity.
    @Test func pastItsBudgetTheMemoStartsAgain() {
        let memo = PerSessionMemo<Int>(capacity: 100, budget: 10) { $0 }
        memo.keep(6, of: session, readSince: memo.mark(of: session))
        memo.keep(4, of: other, readSince: memo.mark(of: other))
        #expect(memo.known(of: session) == 6)
        #expect(memo.known(of: other) == 4)
        memo.keep(5, of: session, readSince: memo.mark(of: session))
        #expect(memo.known(of: other) == 4, "a value replaced gives back its cost")
        memo.forget([session])
        let third = SessionKey(sessionID: "third")
        memo.keep(6, of: third, readSince: memo.mark(of: third))
        #expect(memo.known(of: other) == 4, "a value forgotten gives back its cost")
        memo.keep(1, of: session, readSince: memo.mark(of: session))
        #expect(memo.known(of: other) == nil)
        #expect(memo.known(of: third) == nil)
        #expect(memo.known(of: session) == 1)
    }
}
