/// How many images may wait to load at once, and room set aside for a drop's images between the check and the start
/// of their jobs (so two drops checked at the same time cannot both take the last room). Plain state, tested alone;
/// ``JobRegistry`` keeps it beside its running jobs.
struct LoadAdmission: Sendable, Equatable {
    /// The most loading jobs, running and set aside together.
    let limit: Int
    /// Room set aside for jobs about to start.
    private(set) var reserved = 0

    /// Makes an admission with nothing set aside.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Sets aside room for `count` jobs while `running` run; false (and nothing set aside) when they would not fit.
    mutating func reserve(_ count: Int, running: Int) -> Bool {
        guard count >= 0, running + reserved + count <= limit else { return false }
        reserved += count
        return true
    }

    /// Gives back room set aside: its job started (and is now counted as running) or will not start.
    mutating func release(_ count: Int) {
        reserved = max(0, reserved - count)
    }
}
