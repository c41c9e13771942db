import GalleryCore

/// What a drop, a copy or a move names of where its items go on the board (`BoardArrival`): `boardPoint`, the board
/// point it landed on (the items fan out from there), or for copies and moves `boardPlaces`, one place per item
/// (where the items were drawn as they were dragged). Honoured whatever view the gallery is shown in: a place on the
/// board is kept for when it is shown as a board.
struct BoardArrivalRequest: Decodable {
    var boardPoint: BoardPoint?
    var boardPlaces: [BoardPoint.Place]?

    /// The arrival, after checking the point or places (nil when neither is given).
    /// - Parameter count: how many items the request names (nil: a drop, which takes no places).
    func validated(count: Int?) throws(GalleryError) -> BoardArrival? {
        switch (boardPoint, boardPlaces) {
        case (nil, nil): return nil
        case (let point?, nil): return .fannedOut(from: try point.validated(as: "boardPoint"))
        case (nil, let places?):
            guard let count else { throw .invalid("A drop names 'boardPoint', not 'boardPlaces'.") }
            guard places.count == count else {
                throw .invalid("'boardPlaces' must hold one place per item: \(count), not \(places.count).")
            }
            return .placed(try places.map { place throws(GalleryError) in try place.validated() })
        case (_?, _?): throw .invalid("Give 'boardPoint' or 'boardPlaces', not both.")
        }
    }
}

extension BoardPoint.Place {
    /// The place, after checking its corner (as a ``BoardPoint``) and that its width is above 0 and at most
    /// ``BoardPosition/maximumWidth``.
    func validated() throws(GalleryError) -> BoardPoint.Place {
        _ = try BoardPoint(x: x, y: y).validated(as: "boardPlaces")
        guard width.isFinite, width > 0, width <= BoardPosition.maximumWidth else {
            throw .invalid(
                "A place in 'boardPlaces' must be above 0 and at most \(Int(BoardPosition.maximumWidth)) wide.")
        }
        return self
    }
}
