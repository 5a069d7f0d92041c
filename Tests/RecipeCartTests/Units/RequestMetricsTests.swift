import HTTPTypes
import Prometheus
import Testing

@testable import RecipeCart

/// Requests counted the same, whoever answered them, under Hummingbird's names.
@Suite struct RequestMetricsTests {
    @Test func eachAnswerCountsOnceUnderItsRouteMethodAndStatus() {
        let registry = PrometheusCollectorRegistry()
        let metrics = RequestMetrics(factory: PrometheusMetricsFactory(registry: registry))
        for _ in 0..<3 { metrics.count(route: "/recipes/{id}", method: .get, status: .ok, took: .milliseconds(2)) }
        metrics.countingOnEventLoop(.get, "/recipes/{id}", .ok, .microseconds(80))
        metrics.count(
            route: "/cart/items/{id}", method: .post, status: .forbidden, took: .milliseconds(1), isError: true)
        let text = String(decoding: registry.emitToBuffer(), as: UTF8.self)
        #expect(
            text.contains(
                #"hb_requests{http_route="/recipes/{id}",http_request_method="GET",http_response_status_code="200"} 4"#
            ), "\(text)")
        #expect(
            text.contains(
                #"hb_request_errors{http_route="/cart/items/{id}",http_request_method="POST",error_type="403"} 1"#
            ), "\(text)")
        #expect(
            text.contains(
                #"http_server_request_duration_count{http_route="/recipes/{id}",http_request_method="GET",http_response_status_code="200"} 4"#
            ), "\(text)")
    }

    @Test func staticFilesCountUnderTheirFolder() {
        #expect(RequestMetrics.route(ofFile: "/static/app.1234abcd.css") == "/static/{file}")
        #expect(RequestMetrics.route(ofFile: "/images/cache/x.jpg") == "/images/{file}")
    }
}
