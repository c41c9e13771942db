import Foundation
import GalleryCore

/// How the blob table keeps a stored image's perceptual hash: `perceptualHash`, its 64 bits as a signed integer (NULL
/// while not made), and `hashBand0` … `hashBand3`, its four 16-bit bands (``PerceptualHash/band(_:)``), each indexed
/// with the hash, so that near hashes are looked up by band (``PerceptualHash/probes(within:)``) and counted from the
/// index alone. Kept on the blob (the bytes), not on each item: one hash for every item of the same bytes, made once.
public enum PerceptualHashColumns {
    /// The column names, hash first, for an INSERT.
    static let names = "perceptualHash, hashBand0, hashBand1, hashBand2, hashBand3"

    /// The columns' values for a stored image's hash (all NULL when none).
    static func written(_ hash: PerceptualHash?) -> SQLArguments {
        guard let hash else { return SQLArguments(Array(repeating: .null, count: 1 + PerceptualHash.bandCount)) }
        return SQLArguments([hash.stored.sqlValue] + (0..<PerceptualHash.bandCount).map { hash.band($0).sqlValue })
    }

    /// What `INSERT … ON CONFLICT(hash) DO UPDATE SET` keeps: the hash made first, unless none was.
    static let keptOnConflict = (["perceptualHash"] + (0..<PerceptualHash.bandCount).map { "hashBand\($0)" })
        .map { "\($0) = coalesce(blob.\($0), excluded.\($0))" }.joined(separator: ", ")

    /// The statements of the migration that adds the columns and their indexes (`bigint`: the engine's 64-bit integer
    /// type). Images stored before keep NULL: the pass at start finds them by the index of what is still to be made,
    /// and hashes their smallest thumbnail.
    public static func migration(bigint: String) -> [String] {
        ["ALTER TABLE blob ADD COLUMN perceptualHash \(bigint)"]
            + (0..<PerceptualHash.bandCount).flatMap { band in
                [
                    "ALTER TABLE blob ADD COLUMN hashBand\(band) INTEGER",
                    "CREATE INDEX blob_hash_band\(band) ON blob(hashBand\(band), perceptualHash)"
                        + " WHERE perceptualHash IS NOT NULL",
                ]
            } + [
                "CREATE INDEX blob_perceptual_hash ON blob(perceptualHash) WHERE perceptualHash IS NOT NULL",
                """
                CREATE INDEX blob_perceptual_hash_unmade ON blob(hash)
                  WHERE perceptualHash IS NULL AND mimeType LIKE 'image/%'
                """,
            ]
    }
}
