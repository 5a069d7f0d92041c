import Synchronization
import Testing

@testable import RecipeCartServices

@Suite struct GenerationMemoTests {
    final class Builds: Sendable {
        let count = Atomic(0)
    }

    @Test func aGenerationIsBuiltOnceAndANewerOneAgain() async throws {
        let builds = Builds()
        let memo = GenerationMemo { generation in
            builds.count.add(1, ordering: .relaxed)
            return "built at \(generation)"
        }
        async let first = memo.value(at: 1)
        async let second = memo.value(at: 1)
        #expect(try await [first, second] == ["built at 1", "built at 1"])
        #expect(builds.count.load(ordering: .relaxed) == 1)
        #expect(try await memo.value(at: 2) == "built at 2")
        #expect(builds.count.load(ordering: .relaxed) == 2)
    }

    @Test func aRequestThatMayNotWaitGetsNothingUntilTheBuildIsDone() async throws {
        // The build finishes only when the test lets it.
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let memo = GenerationMemo { generation in
            for await _ in release { break }
            return generation
        }
        #expect(await memo.value(at: 7, waitingAtMost: .milliseconds(20)) == nil)
        #expect(await memo.value(at: 7, waitingAtMost: .milliseconds(20)) == nil)
        releaser.yield()
        // The build went on: a request that waits gets it, and then one that may not wait does too, at once.
        #expect(try await memo.value(at: 7) == 7)
        #expect(await memo.value(at: 7, waitingAtMost: .zero) == 7)
        #expect(await memo.value(at: 6, waitingAtMost: .zero) == 7)
    }

    @Test func aFastBuildIsWaitedFor() async throws {
        let memo = GenerationMemo { generation in generation * 10 }
        #expect(await memo.value(at: 3, waitingAtMost: .seconds(5)) == 30)
    }

    @Test func aFailedBuildGivesNothingToARequestThatMayNotWaitAndIsTriedAgain() async throws {
        struct Failed: Error {}
        let builds = Builds()
        let memo = GenerationMemo { generation in
            if builds.count.add(1, ordering: .relaxed).newValue == 1 { throw Failed() }
            return generation
        }
        #expect(await memo.value(at: 1, waitingAtMost: .seconds(5)) == nil)
        await #expect(throws: Failed.self) { try await memo.value(at: 1) }
        #expect(try await memo.value(at: 1) == 1)
    }
}
