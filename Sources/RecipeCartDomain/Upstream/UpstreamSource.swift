/// Where recipes come from besides the bundled catalog, which is always there.
package enum UpstreamSource: String, Sendable, CaseIterable {
    case bundled
    case themealdb
    case spoonacular

    /// Points a UTC day unless `--daily-call-limit` says otherwise: Spoonacular's free plan (its calls cost the
    /// points the API reports); for TheMealDB, where a call is a point, a guard against runaway loops.
    package var defaultDailyCallLimit: Int { self == .spoonacular ? 150 : 2000 }
}
