import Foundation
import GRDB
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@Suite struct SQLiteTimestampTests {
    /// The text GRDB stores for a `Date` argument: `app_now()` must write the very same, or comparisons between the
    /// two would be off.
    static func grdbText(_ date: Date) -> String? {
        String.fromDatabaseValue(date.databaseValue)
    }

    @Test func writesWhatGRDBWritesForTheSameDate() {
        var generator = SystemRandomNumberGenerator()
        let fixed: [TimeInterval] = [
            0, 0.0005, 0.999, 0.9999, 1_700_000_000.123, 1_767_225_599.9995, 951_782_400, 4_102_444_800.5,
        ]
        let random = (0..<2_000).map { _ in TimeInterval(Double.random(in: 0..<4_102_444_800, using: &generator)) }
        for interval in fixed + random {
            let date = Date(timeIntervalSince1970: interval)
            #expect(SQLiteTimestamp.text(for: date) == Self.grdbText(date), "\(interval)")
        }
    }
}
