/// How many connections each client address holds open, and whether one more may open. Plain state, tested alone;
/// ``ConnectionRegistry`` shares it between the server's event loops.
struct ConnectionCounts: Sendable, Equatable {
    /// The most connections one address may hold at once.
    let limitPerAddress: Int
    /// Addresses that are never capped: a reverse proxy's, through which everybody's connections come.
    let uncapped: Set<String>
    /// Open connections by address (addresses with none are absent).
    private(set) var open: [String: Int] = [:]

    /// Makes empty counts.
    init(limitPerAddress: Int, uncapped: Set<String> = []) {
        self.limitPerAddress = max(1, limitPerAddress)
        self.uncapped = uncapped
    }

    /// A connection from `address` asks to open: counted and true while the address is under its limit, else false
    /// (and not counted).
    mutating func admit(_ address: String) -> Bool {
        if uncapped.contains(address) { return true }
        let current = open[address, default: 0]
        guard current < limitPerAddress else { return false }
        open[address] = current + 1
        return true
    }

    /// An admitted connection from `address` closed.
    mutating func close(_ address: String) {
        guard let current = open[address] else { return }
        open[address] = current > 1 ? current - 1 : nil
    }
}
