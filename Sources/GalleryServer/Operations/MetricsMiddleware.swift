import Hummingbird

/// Counts every request the router answers (refused ones included) in ``ServerMetrics``, by method, the route it
/// reached (its pattern; "NotFound" when none) and status.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status.code, since: started, clock)
            return response
        } catch let error as any HTTPResponseError {
            record(request, context, status: error.status.code, since: started, clock)
            throw error
        } catch {
            record(request, context, status: 500, since: started, clock)
            throw error
        }
    }

    private func record(
        _ request: Request, _ context: Context, status: Int, since started: ContinuousClock.Instant,
        _ clock: ContinuousClock
    ) {
        metrics.requestAnswered(
            method: request.method.rawValue, route: context.endpointPath ?? "NotFound", status: status,
            duration: clock.now - started)
    }
}
