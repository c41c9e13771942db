import Foundation
import GRDB
import GalleryCore

extension Gallery {
    static let selectColumns = """
        gallery.id, gallery.name, gallery.imagesPerRow, gallery.sequence, gallery.createdAt, gallery.updatedAt,
        (SELECT count(*) FROM item WHERE item.galleryId = gallery.id AND item.trashedAt IS NOT NULL) AS trashCount
        """

    init(row: Row) {
        self.init(
            id: GalleryID(trusted: row["id"]), name: row["name"], imagesPerRow: row["imagesPerRow"],
            sequence: row["sequence"], createdAt: row["createdAt"], updatedAt: row["updatedAt"],
            trashCount: row["trashCount"])
    }
}

extension Item {
    static let selectColumns = """
        item.id, item.galleryId, item.orderKey, item.state, item.origin, item.sourceURL, item.title,
        item.blobHash, blob.mimeType, blob.width, blob.height, blob.byteCount, item.failure,
        item.createdAt, item.updatedAt, item.trashedAt, item.changeSequence
        """
    static let fromClause = "item LEFT JOIN blob ON blob.hash = item.blobHash"

    init(row: Row) throws {
        let keyText: String = row["orderKey"]
        guard let key = OrderKey(rawValue: keyText) else { throw StoreError.corrupt("order key \(keyText)") }
        let stateText: String = row["state"]
        let originText: String = row["origin"]
        guard let state = ItemState(rawValue: stateText), let origin = ItemOrigin(rawValue: originText) else {
            throw StoreError.corrupt("item state \(stateText)/\(originText)")
        }
        var failure: FailureReason?
        if let json: String = row["failure"] {
            failure = try? JSONDecoder().decode(FailureReason.self, from: Data(json.utf8))
            if failure == nil { failure = .internalError }
        }
        self.init(
            id: ItemID(trusted: row["id"]), galleryID: GalleryID(trusted: row["galleryId"]), orderKey: key,
            state: state, origin: origin, sourceURL: row["sourceURL"], title: row["title"],
            blobHash: row["blobHash"], mimeType: row["mimeType"], width: row["width"], height: row["height"],
            byteCount: row["byteCount"], failure: failure, createdAt: row["createdAt"],
            updatedAt: row["updatedAt"], trashedAt: row["trashedAt"], changeSequence: row["changeSequence"])
    }
}

/// Errors of the SQLite store that are not the user's doing.
enum StoreError: Error {
    case corrupt(String)
}
