import GalleryCore

/// Tells a zip archive by its bytes, before anything else is done with it: by its first four (a local file header,
/// `PK\x03\x04`, or an empty zip's end record, `PK\x05\x06`), so that any other body is refused as soon as they arrive;
/// and by its last bytes, which must hold the end of central directory record (`PK\x05\x06`, within the last
/// ``endRecordReach`` bytes), so that a body that starts like a zip but is none is refused without searching all of
/// it. Pure: bytes in, verdicts out.
enum ZipSignature {
    /// What the first bytes say.
    enum Verdict: Equatable, Sendable {
        /// A zip (so far).
        case zip
        /// Not a zip.
        case notZip
        /// Too few bytes yet to tell.
        case undecided
    }

    /// The refusal of a body that does not start as a zip does.
    static let refusal = GalleryError.invalid(
        "This is not a zip archive: a gallery archive starts with the bytes 'PK' of a zip. Nothing was imported.")

    /// How many first bytes ``verdict(first:)`` needs.
    static let headLength = 4
    /// How far from the end the end record may begin: its 22 bytes and a comment of at most 65,535.
    static let endRecordReach = 22 + 65_535

    private static let localFileHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    private static let endRecord: [UInt8] = [0x50, 0x4B, 0x05, 0x06]

    /// What the first bytes of a body (all of them so far, or more) say.
    static func verdict(first bytes: some Collection<UInt8>) -> Verdict {
        let head = Array(bytes.prefix(headLength))
        for signature in [localFileHeader, endRecord] where signature.starts(with: head) {
            return head.count == headLength ? .zip : .undecided
        }
        return .notZip
    }

    /// Whether the last bytes of a file (its last ``endRecordReach`` bytes, or all of a shorter one) hold an end of
    /// central directory record whole.
    static func hasEndRecord(inLast bytes: [UInt8]) -> Bool {
        guard bytes.count >= 22 else { return false }
        for start in stride(from: bytes.count - 22, through: 0, by: -1)
        where bytes[start] == 0x50 && bytes[start + 1] == 0x4B && bytes[start + 2] == 0x05 && bytes[start + 3] == 0x06 {
            return true
        }
        return false
    }
}
