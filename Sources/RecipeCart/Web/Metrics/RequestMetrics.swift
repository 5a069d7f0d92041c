import HTTPTypes
import Metrics
import RecipeCartWire
import Synchronization

/// Requests counted by route, method and status, with their time, under the names Hummingbird's `MetricsMiddleware`
/// gives them (`hb_requests`, `http_server_request_duration`, `hb_request_errors`,
/// `http_server_active_requests`), so dashboards made for Hummingbird read them. One instance counts both ways a
/// request is answered: the router's (`RequestMetricsMiddleware`) and the event loop's (`EarlyAnswerFinisher`), so
/// serving metrics changes nothing about how a request is answered.
final class RequestMetrics: Sendable {
    private struct Key: Hashable {
        var route: String
        var method: HTTPRequest.Method
        var status: Int
    }

    private struct Meters: Sendable {
        var requests: Counter
        var duration: Timer
        var errors: Counter
    }

    private let factory: any MetricsFactory
    private let meters = Mutex<[Key: Meters]>([:])
    private let active = Mutex<[HTTPRequest.Method: Meter]>([:])

    init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// One answered request. `isError`: the handler threw, and the status is the error page's.
    func count(
        route: String, method: HTTPRequest.Method, status: HTTPResponse.Status, took: Duration, isError: Bool = false
    ) {
        let meters = meters(Key(route: route, method: method, status: status.code))
        meters.requests.increment()
        let (seconds, attoseconds) = took.components
        meters.duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if isError { meters.errors.increment() }
    }

    /// What `EarlyAnswerFinisher` calls for each answer it ends.
    var countingOnEventLoop: EarlyAnswerFinisher.Counting {
        { [self] method, route, status, took in count(route: route, method: method, status: status, took: took) }
    }

    /// Requests under way in the router, by method: answers on the event loop are never under way across a wait.
    func activeRequests(_ method: HTTPRequest.Method) -> Meter {
        active.withLock { active in
            if let meter = active[method] { return meter }
            let meter = Meter(
                label: "http.server.active_requests", dimensions: [("http.request.method", method.rawValue)],
                factory: factory)
            active[method] = meter
            return meter
        }
    }

    /// The route a static file is counted under: its folder's, whatever the file.
    static func route(ofFile path: String) -> String {
        path.hasPrefix("/images/") ? "/images/{file}" : "/static/{file}"
    }

    private func meters(_ key: Key) -> Meters {
        meters.withLock { meters in
            if let found = meters[key] { return found }
            let dimensions = [
                ("http.route", key.route), ("http.request.method", key.method.rawValue),
                ("http.response.status_code", String(key.status)),
            ]
            let made = Meters(
                requests: Counter(label: "hb.requests", dimensions: dimensions, factory: factory),
                duration: Timer(
                    label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds,
                    factory: factory),
                errors: Counter(
                    label: "hb.request.errors",
                    dimensions: [
                        ("http.route", key.route), ("http.request.method", key.method.rawValue),
                        ("error.type", String(key.status)),
                    ], factory: factory))
            meters[key] = made
            return made
        }
    }
}
