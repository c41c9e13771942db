/// How many images may wait to load at once, in all and per person, and room set aside for a drop's images between the
/// check and the start of their jobs (so two drops checked at the same time cannot both take the last room). Plain
/// state, tested alone; ``JobRegistry`` keeps it beside its running jobs.
struct LoadAdmission: Sendable, Equatable {
    /// The most loading jobs, running and set aside together.
    let limit: Int
    /// The most loading jobs of one person, running and set aside together.
    let perPersonLimit: Int
    /// Room set aside for jobs about to start.
    private(set) var reserved = 0
    /// Each person's jobs, running and set aside (people with none are not listed).
    private(set) var byPerson: [String: Int] = [:]

    /// Why room could not be set aside.
    enum Refusal: Equatable {
        /// All together would go past ``limit``.
        case full
        /// This person's would go past ``perPersonLimit``.
        case personFull
    }

    /// Makes an admission with nothing set aside.
    init(limit: Int, perPersonLimit: Int? = nil) {
        self.limit = max(1, limit)
        self.perPersonLimit = max(1, perPersonLimit ?? limit)
    }

    /// Sets aside room for `count` jobs of `person` while `running` run; a refusal (and nothing set aside) when they
    /// would not fit.
    mutating func reserve(_ count: Int, running: Int, for person: String? = nil) -> Refusal? {
        guard count >= 0, running + reserved + count <= limit else { return .full }
        if let person {
            guard byPerson[person, default: 0] + count <= perPersonLimit else { return .personFull }
            byPerson[person, default: 0] += count
        }
        reserved += count
        return nil
    }

    /// Gives back room set aside whose jobs started (they are now counted as running; still the person's).
    mutating func release(_ count: Int) {
        reserved = max(0, reserved - count)
    }

    /// Gives back room set aside for jobs of `person` that will not start.
    mutating func cancel(_ count: Int, for person: String?) {
        release(count)
        finish(count, for: person)
    }

    /// Counts `count` of the person's jobs as ended.
    mutating func finish(_ count: Int = 1, for person: String?) {
        guard let person, let current = byPerson[person] else { return }
        byPerson[person] = current > count ? current - count : nil
    }
}
