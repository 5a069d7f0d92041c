import Testing

@testable import RecipeCart

/// When a board's stream checks its session again: first, after every sign-out heard, and once a minute.
@Suite struct SessionRecheckTests {
    let start = ContinuousClock.now

    @Test func aStreamChecksFirstThingThenOnEverySignOut() {
        var recheck = SessionRecheck()
        #expect(recheck.isDue(signOuts: 4, now: start))
        recheck.checked(signOuts: 4, at: start)
        #expect(!recheck.isDue(signOuts: 4, now: start + .seconds(5)), "a beat or a board change costs no read")
        #expect(recheck.isDue(signOuts: 5, now: start + .seconds(5)))
        recheck.checked(signOuts: 5, at: start + .seconds(5))
        #expect(!recheck.isDue(signOuts: 5, now: start + .seconds(10)))
    }

    @Test func aQuietStreamChecksOnceAMinuteForASessionThatRanOut() {
        var recheck = SessionRecheck()
        recheck.checked(signOuts: 0, at: start)
        #expect(!recheck.isDue(signOuts: 0, now: start + .seconds(59)))
        #expect(recheck.isDue(signOuts: 0, now: start + SessionRecheck.interval))
    }

    @Test func aCheckTheDatabaseCouldNotAnswerIsAskedAgain() {
        let recheck = SessionRecheck()
        // Nothing recorded: the next news asks again.
        #expect(recheck.isDue(signOuts: 0, now: start + .seconds(5)))
    }
}
