import Foundation
import GalleryCore
import Prometheus
import Synchronization

/// What the server counts, for Prometheus (`GET /metrics`, in its text format): requests by method, route and status
/// with their durations, the live feeds open, how long events take to reach them, the items that finished loading by
/// outcome, and how long database statements take.
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

    /// How long events took to reach live feeds, and how long database statements took: made once, because the
    /// registry checks and joins a metric's name each time it is asked for one, and a search over a million items runs
    /// thousands of statements (FTS5's own among them).
    private let eventDelayHistogram: DurationHistogram
    private let statementHistogram: DurationHistogram

    /// Makes the counters.
    public init() {
        liveFeeds = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "image_gallery", metricName: "live", unitName: "feeds",
                helpText: "Live WebSocket feeds (gallery views and gallery browsers) open now."))
        eventDelayHistogram = registry.makeDurationHistogram(
            descriptor: Self.eventDelays, buckets: Self.durationBuckets)
        statementHistogram = registry.makeDurationHistogram(
            descriptor: Self.statementDurations, buckets: Self.statementBuckets)
    }

    /// Counts an answered request: `route` is the route's pattern (`/api/galleries/{gallery}/items`), never the
    /// path itself, so that the number of series stays small.
    func requestAnswered(method: String, route: String, status: Int, duration: Duration) {
        let key = RequestSeries(method: method, route: route, status: status)
        let (count, durations) =
            requestSeries.withLock { $0[key] }
            ?? {
                let series = (
                    registry.makeCounter(
                        descriptor: Self.requests,
                        labels: [("method", method), ("route", route), ("status", String(status))]),
                    registry.makeDurationHistogram(
                        descriptor: Self.requestDurations, labels: [("route", route)], buckets: Self.durationBuckets)
                )
                requestSeries.withLock { $0[key] = series }
                return series
            }()
        count.increment()
        durations.record(duration)
    }

    /// The labels of a series of answered requests.
    private struct RequestSeries: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    /// The counter and histogram of each series of answered requests met so far (the registry gives the same ones
    /// for the same labels, but finding them there costs more than answering a small file).
    private let requestSeries = Mutex<[RequestSeries: (Counter, DurationHistogram)]>([:])

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

    static var eventDelays: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "image_gallery", subsystem: "live", metricName: "event_delay", unitName: "seconds",
            helpText: "How long after its change an event was written to a live feed's socket (one per feed).")
    }

    static var statementDurations: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "image_gallery", subsystem: "database", metricName: "statement_duration", unitName: "seconds",
            helpText: "How long each database statement took.")
    }

    static let statementBuckets: [Duration] = [
        .microseconds(100), .microseconds(500), .milliseconds(1), .milliseconds(5), .milliseconds(10),
        .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(1),
    ]

    /// Counts an event written to a live feed `seconds` after its change was made.
    func eventDelivered(afterSeconds seconds: Double) {
        eventDelayHistogram.record(.milliseconds(Int64(max(0, seconds) * 1000)))
    }

    /// Counts a database statement that took `seconds`.
    func statementRan(seconds: Double) {
        statementHistogram.record(.microseconds(Int64(max(0, seconds) * 1_000_000)))
    }

    /// The metrics in Prometheus's text format.
    func text() -> String {
        registry.emitToString()
    }
}
