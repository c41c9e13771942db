import Foundation

extension GalleryManifest {
    /// Reads a manifest's JSON a chunk at a time without ever holding it whole: it hands over each item's entry as
    /// its own small JSON object as soon as that entry ends, and keeps the rest (the gallery's format, name, images
    /// per row and view: the ``Head``) with its items left out. No entry may pass
    /// ``Entry/maximumJSONBytes`` and the rest may not pass ``maximumHeadBytes``: a manifest with a text of hundreds
    /// of megabytes is refused once its first few hundred kilobytes are read, naming the item and the field.
    ///
    /// Plain state over bytes (strings, escapes, nesting), tested alone; the entries it hands over are decoded by
    /// `JSONDecoder`, which checks the JSON itself.
    public struct Reader: Sendable {
        /// The most bytes of the manifest outside its items.
        public static let maximumHeadBytes = 64 * 1024
        /// The deepest nesting read (a manifest's is 4: the board position in an entry in the items).
        public static let maximumDepth = 16

        private enum Container: Sendable { case object, array }
        private enum Place: Sendable {
            /// Outside the items: the bytes go to the head.
            case head
            /// In the items' array, between two entries.
            case items
            /// In an entry: the bytes go to it.
            case entry
        }

        private var place = Place.head
        private var stack: [Container] = []
        private var inString = false
        private var escaped = false
        private var expectingKey = false
        private var readingKey = false
        private var key: [UInt8] = []
        /// The last key read in the top object, and in the entry being read.
        private var topKey: [UInt8] = []
        private var entryKey: [UInt8] = []
        private var head: [UInt8] = []
        private var entry: [UInt8] = []
        private var sawItems = false
        /// How many entries were handed over.
        public private(set) var entries = 0

        /// Makes a reader at the start of a manifest.
        public init() {}

        /// Reads the next bytes, handing each entry they end to `take` (its JSON, and its number from 1).
        /// - Throws: ``GalleryError/invalid(_:)`` for an entry or head past its bytes, a manifest nested too deep or
        ///   whose items are not objects; whatever `take` throws.
        public mutating func read<Bytes: Sequence>(
            _ bytes: Bytes, take: (_ entry: Data, _ number: Int) throws -> Void
        ) throws where Bytes.Element == UInt8 {
            for byte in bytes {
                if inString {
                    append(byte)
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if readingKey { endKey() }
                    } else if readingKey, key.count < 32 {
                        key.append(byte)
                    }
                    try checkSize()
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    continue
                case UInt8(ascii: "\""):
                    try refuseOutsideEntries()
                    inString = true
                    readingKey = expectingKey && stack.last == .object
                    key = []
                    append(byte)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if place == .items {
                        guard byte == UInt8(ascii: "{") else { throw notAnEntry() }
                        place = .entry
                        entry = []
                        entryKey = []
                    } else if place == .head, stack.count == 1, byte == UInt8(ascii: "["), topKey == Self.itemsKey {
                        // The items' value: left out of the head (an empty array there), read entry by entry.
                        head += Array("[]".utf8)
                        place = .items
                        sawItems = true
                        stack.append(.array)
                        continue
                    }
                    append(byte)
                    stack.append(byte == UInt8(ascii: "{") ? .object : .array)
                    guard stack.count <= Self.maximumDepth else {
                        throw GalleryError.invalid(
                            "The archive's \(GalleryManifest.fileName) nests deeper than \(Self.maximumDepth) levels: "
                                + "it is not a gallery manifest.")
                    }
                    expectingKey = byte == UInt8(ascii: "{")
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if place == .items {
                        guard byte == UInt8(ascii: "]") else { throw notAnEntry() }
                        // The end of the items.
                        _ = stack.popLast()
                        place = .head
                        expectingKey = false
                        continue
                    }
                    append(byte)
                    _ = stack.popLast()
                    expectingKey = false
                    if place == .entry, stack.count == 2 {
                        entries += 1
                        place = .items
                        try take(Data(entry), entries)
                        entry = []
                    }
                case UInt8(ascii: ","):
                    expectingKey = stack.last == .object
                    if place != .items { append(byte) }
                case UInt8(ascii: ":"):
                    expectingKey = false
                    append(byte)
                default:
                    try refuseOutsideEntries()
                    append(byte)
                }
                try checkSize()
            }
        }

        /// The head's JSON once the whole manifest is read (its items an empty array).
        /// - Throws: ``GalleryError/invalid(_:)`` when the manifest ended early or had no items.
        public func finish() throws(GalleryError) -> Data {
            guard stack.isEmpty, !inString, place == .head, !head.isEmpty else {
                throw .invalid(
                    "The archive's \(GalleryManifest.fileName) ends in the middle (cut short?): it is not a gallery "
                        + "manifest.")
            }
            guard sawItems else {
                throw .invalid(
                    "The archive's \(GalleryManifest.fileName) lists no items: it is not a gallery manifest.")
            }
            return Data(head)
        }

        private static let itemsKey = Array("items".utf8)

        private mutating func endKey() {
            readingKey = false
            if stack.count == 1, place == .head { topKey = key }
            if stack.count == 3, place == .entry { entryKey = key }
        }

        private mutating func append(_ byte: UInt8) {
            switch place {
            case .head: head.append(byte)
            case .entry: entry.append(byte)
            case .items: break
            }
        }

        /// Between two entries only commas may come.
        private func refuseOutsideEntries() throws(GalleryError) {
            guard place == .items else { return }
            throw notAnEntry()
        }

        private func notAnEntry() -> GalleryError {
            .invalid(
                "Item \(entries + 1) of the archive's \(GalleryManifest.fileName) is not an object: it is not a "
                    + "gallery manifest.")
        }

        private func checkSize() throws(GalleryError) {
            if entry.count > Entry.maximumJSONBytes {
                let field = String(decoding: entryKey, as: UTF8.self)
                throw .invalid(
                    "Item \(entries + 1) of the archive is larger than \(Entry.maximumJSONBytes.grouped) bytes, "
                        + "the most an item within the limits takes; read as far as its \(field): "
                        + "\(Entry.limit(ofField: field)). Nothing was imported.")
            }
            if head.count > Self.maximumHeadBytes {
                throw .invalid(
                    "The archive's \(GalleryManifest.fileName) holds more than \(Self.maximumHeadBytes.grouped) bytes "
                        + "besides its items: it is not a gallery manifest.")
            }
        }
    }
}
