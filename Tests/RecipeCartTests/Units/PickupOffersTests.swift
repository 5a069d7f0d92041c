import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import ServiceLifecycle
import Synchronization
import Testing

@testable import RecipeCart
@testable import RecipeCartServices

/// The pickup schedule kept in memory: read once, read again after every change the store counts (a save here, one
/// heard from another instance), and never in between.
@Suite struct PickupOffersTests {
    /// Settings in memory, counting how often they are read.
    final class CountingStore: PickupSlotStore {
        let stored = Mutex<PickupSlotSettings?>(nil)
        let reads = Atomic<Int>(0)
        let changes = PickupSettingsChanges()

        func settings() async throws -> PickupSlotSettings? {
            reads.add(1, ordering: .relaxed)
            return stored.withLock { $0 }
        }

        func save(_ settings: PickupSlotSettings?) async throws {
            stored.withLock { $0 = settings }
            changes.heard()
        }

        func taken(within interval: DateInterval) async throws -> [Date: Int] { [:] }

        func changeListener(logger: Logger) -> (any Service)? { nil }

        var readCount: Int { reads.load(ordering: .relaxed) }
    }

    static let zone = TimeZone(identifier: "Europe/Dublin")!
    static let settings = PickupSlotSettings(
        hours: Dictionary(uniqueKeysWithValues: (1...7).map { ($0, OpeningHours(opens: 9 * 60, closes: 12 * 60)) }),
        slotMinutes: 30, capacity: 2, cutOffMinutes: 60)

    private func offers(_ store: CountingStore) -> PickupOffers {
        PickupOffers(store: store, zone: Self.zone, clock: .fixed(Date(timeIntervalSince1970: 1_792_738_800)))
    }

    @Test func aShopWithoutSlotsReadsItsSettingsOnce() async throws {
        let store = CountingStore()
        let offers = offers(store)
        for _ in 0..<5 {
            #expect(try await offers.schedule() == nil)
            #expect(try await offers.choice() == nil)
        }
        #expect(store.readCount == 1)
    }

    @Test func settingsAreReadAgainOnlyAfterAChange() async throws {
        let store = CountingStore()
        try await store.save(Self.settings)
        let offers = offers(store)
        #expect(try await offers.schedule()?.settings == Self.settings)
        #expect(try await offers.schedule()?.settings == Self.settings)
        #expect(store.readCount == 1)

        var changed = Self.settings
        changed.capacity = 7
        try await store.save(changed)
        #expect(try await offers.schedule()?.settings.capacity == 7)
        #expect(try await offers.schedule()?.settings.capacity == 7)
        #expect(store.readCount == 2)

        try await store.save(nil)
        #expect(try await offers.schedule() == nil)
        #expect(try await offers.choice() == nil)
        #expect(store.readCount == 3)
    }

    @Test func aChangeHeardFromAnotherInstanceIsReadForTheNextRequest() async throws {
        let store = CountingStore()
        let offers = offers(store)
        #expect(try await offers.schedule() == nil)
        // Another instance saved: the database has the settings before this one hears of them.
        store.stored.withLock { $0 = Self.settings }
        #expect(try await offers.schedule() == nil)
        store.changes.heard()
        #expect(try await offers.schedule()?.settings == Self.settings)
        #expect(try await offers.schedule()?.settings == Self.settings)
        #expect(store.readCount == 2)
    }

    @Test func aReadThatBeganBeforeAChangeIsNotKeptOverIt() {
        let kept = KeptPickupSchedule()
        let old = PickupSchedule(settings: Self.settings, zone: Self.zone)
        var changed = Self.settings
        changed.capacity = 9
        let new = PickupSchedule(settings: changed, zone: Self.zone)
        _ = kept.keep(new, at: 2)
        #expect(kept.keep(old, at: 1)?.settings == Self.settings)
        #expect(kept.schedule(at: 2)?.schedule?.settings == changed)
        #expect(kept.schedule(at: 1) == nil)
        #expect(kept.schedule(at: 3) == nil)
    }

    @Test func theChoicesWordsAreWrittenOnceAndSayWhatTheCalendarSays() {
        let schedule = PickupSchedule(settings: Self.settings, zone: Self.zone)
        let now = Date(timeIntervalSince1970: 1_792_738_800)
        let days = schedule.days(from: now, taken: [schedule.days(from: now, taken: [:])[1].offers[0].slot.start: 2])
        let texts = PickupChoiceTexts(zone: Self.zone)
        for _ in 0..<2 {
            let choice = PickupChoice(days, texts: texts, chosen: nil)
            #expect(choice.days.map(\.title) == days.map { PickupSlotText.day($0.noon, in: Self.zone) })
            #expect(
                choice.days.flatMap(\.options).map(\.value)
                    == days.flatMap(\.offers).map { ZonedTimestamp.text($0.slot.start, in: Self.zone) })
            #expect(choice.days[1].options.first?.text == "09:00–09:30 · full")
            // Sunday, the clocks gone back: 09:00 in Dublin is 09:00 UTC.
            #expect(choice.days[2].options.first?.value == "2026-10-25T09:00:00+00:00")
        }
        #expect(texts.texts(of: days).slots.count == days.flatMap(\.offers).count)
    }
}
