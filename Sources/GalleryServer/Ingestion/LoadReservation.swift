import Foundation
import GalleryCore

/// Room set aside for some loads of one person, handed to the code that starts them: each load started through it
/// takes one place; ``IngestionService/withReservedLoads(_:for:_:)`` gives back the places left when that code ends.
public final class LoadReservation {
    let ingestion: IngestionService
    /// Whose loads they count among.
    public let person: String
    /// Places set aside and not yet taken.
    private(set) var remaining: Int

    init(ingestion: IngestionService, person: String, count: Int) {
        self.ingestion = ingestion
        self.person = person
        self.remaining = count
    }

    /// Starts fetching a remote item in one of the places (without one when none is left, which only happens when an
    /// item became pending between the count and the change).
    public func startFetching(_ item: Item) {
        ingestion.startFetching(item, reservedFor: take())
    }

    /// Starts storing an inline image in one of the places.
    public func startStoringInline(_ item: Item, data: Data) {
        ingestion.startStoringInline(item, data: data, reservedFor: take())
    }

    private func take() -> String? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        return person
    }
}

extension IngestionService {
    /// Sets aside room for `count` loads of `person` and runs `body`, which starts them through the reservation;
    /// gives back the room it did not use, whether it returns or throws.
    /// - Throws: ``BoundsError`` (and `body` does not run) when they would not fit; whatever `body` throws.
    public func withReservedLoads<T>(
        _ count: Int, for person: String, _ body: (LoadReservation) async throws -> T
    ) async throws -> T {
        try reserveLoads(count, for: person)
        let reservation = LoadReservation(ingestion: self, person: person, count: count)
        defer { releaseReservedLoads(reservation.remaining, for: person) }
        return try await body(reservation)
    }
}
