import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import Testing

/// When what a PostgreSQL instance read of a session may answer a page without reading again.
@Suite struct SessionReadingsTests {
    let session = SessionKey(sessionID: "reader")
    let cake = RecipeID("bundled-1")!
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A reading of `count` batches of cake in the cart.
    private func reading(count: Int, at offset: TimeInterval) -> PostgresSessionReadings.Reading {
        .init(stored: stored(count: count), readAt: start + offset)
    }

    private func stored(count: Int) -> SessionStored {
        SessionStored(lines: [cake: StoredCartLine(quantity: count, servings: nil, cooking: nil)])
    }

    @Test func aReadingTakenWellAfterTheShoppersLastPostStandsForARead() {
        let readings = PostgresSessionReadings()
        readings.record(reading(count: 2, at: 0), of: session)
        #expect(readings.reading(of: session, after: LastWrite(start - 1.5), now: start + 1)?.count == 2)
        #expect(readings.reading(of: session, after: nil, now: start + 1)?.stored == stored(count: 2))
    }

    @Test func aReadingFromBeforeThePostOrWithinTheClocksSkewOfItDoesNot() {
        let readings = PostgresSessionReadings()
        readings.record(reading(count: 2, at: 0), of: session)
        // Another instance answered a post after this read: its count may be old.
        #expect(readings.reading(of: session, after: LastWrite(start + 5), now: start + 6) == nil)
        // Just before the read by this clock, but another instance's clock may run up to a second ahead.
        #expect(readings.reading(of: session, after: LastWrite(start - 0.5), now: start + 1) == nil)
        #expect(
            readings.reading(of: session, after: LastWrite(start - LastWrite.clockSkew), now: start + 1)
                == nil)
    }

    @Test func aReadingPastItsTrustIsReadAgain() {
        let readings = PostgresSessionReadings()
        readings.record(reading(count: 2, at: 0), of: session)
        #expect(readings.reading(of: session, after: nil, now: start + PostgresSessionReadings.longestTrusted) != nil)
        #expect(
            readings.reading(of: session, after: nil, now: start + PostgresSessionReadings.longestTrusted + 0.001)
                == nil)
    }

    @Test func aSlowReadThatBeganEarlierDoesNotReplaceANewerOne() {
        let readings = PostgresSessionReadings()
        readings.record(reading(count: 3, at: 10), of: session)
        readings.record(reading(count: 1, at: 4), of: session)
        #expect(readings.reading(of: session, after: nil, now: start + 11)?.count == 3)
        readings.record(reading(count: 4, at: 12), of: session)
        #expect(readings.reading(of: session, after: nil, now: start + 13)?.count == 4)
    }

    @Test func pastItsCapacityItStartsAgain() {
        let readings = PostgresSessionReadings(capacity: 3)
        let sessions = (0..<4).map { SessionKey(sessionID: "shopper-\($0)") }
        for (index, session) in sessions.enumerated() { readings.record(reading(count: index, at: 0), of: session) }
        #expect(sessions.prefix(3).allSatisfy { readings.reading(of: $0, after: nil, now: start) == nil })
        #expect(readings.reading(of: sessions[3], after: nil, now: start)?.count == 3)
        // A session already kept is read again in place, not counted as another.
        readings.record(reading(count: 7, at: 1), of: sessions[3])
        #expect(readings.reading(of: sessions[3], after: nil, now: start + 1)?.count == 7)
    }

    @Test func aStampIsMillisecondsAndAnythingElseIsNone() {
        #expect(LastWrite(cookie: "1800000000123")?.date == Date(timeIntervalSince1970: 1_800_000_000.123))
        // Rounded up: the stamp is never earlier than the answer it marks.
        #expect(LastWrite(Date(timeIntervalSince1970: 1.0004)).cookieValue == "1001")
        for hostile in ["", "-5", "+5", "1e9", "12.5", " 12", "１２", "9999999999999999", "<script>", "../1", "0x10"] {
            #expect(LastWrite(cookie: hostile) == nil, "\(hostile)")
        }
    }
}
