import Foundation
import GalleryCore
import Prometheus

/// What the server counts, for Prometheus (`GET /metrics`, in its text format): requests by method, route and status
/// with their durations, the live feeds open, and the items that finished loading by outcome.
public final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    /// The live WebSocket feeds open now.
    let liveFeeds: Gauge
    static let durationBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
    ]
    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "image_gallery", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "HTTP requests answered, by method, route and status.")
    }
    static var requestDurations: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "image_gallery", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "How long requests took to answer (their bodies not counted), by route.")
    }

    /// Makes the counters.
    public init() {
        liveFeeds = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "image_gallery", metricName: "live", unitName: "feeds",
                helpText: "Live WebSocket feeds (gallery views and gallery browsers) open now."))
    }

    /// Counts an answered request: `route` is the route's pattern (`/api/galleries/{gallery}/items`), never the
    /// path itself, so that the number of series stays small.
    func requestAnswered(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Self.requestDurations, labels: [("route", route)], buckets: Self.durationBuckets
        ).record(duration)
    }

    static var ingestions: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "image_gallery", metricName: "ingestions", unitName: "total",
            helpText:
                "Items that finished loading, by outcome (ready or failed) and detail (the kind made, or the reason)."
        )
    }

    /// Counts an item that finished loading: ready as `kind`, or failed for `reason` (its code).
    func ingestionEnded(ready kind: ItemKind) {
        registry.makeCounter(descriptor: Self.ingestions, labels: [("outcome", "ready"), ("detail", kind.rawValue)])
            .increment()
    }

    /// Counts an item that failed to load, by its reason's code.
    func ingestionEnded(failed reason: FailureReason) {
        registry.makeCounter(descriptor: Self.ingestions, labels: [("outcome", "failed"), ("detail", reason.code)])
            .increment()
    }

    /// The metrics in Prometheus's text format.
    func text() -> String {
        registry.emitToString()
    }
}
