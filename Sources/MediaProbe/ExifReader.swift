import Foundation
import GalleryCore

/// Reads what a camera wrote from an EXIF TIFF structure: IFD0 (make, model), the EXIF directory it points to (date,
/// lens, exposure) and the GPS directory (coordinates). Each directory is read once, the next-IFD chains are never
/// followed (no loop can form), at most ``TIFFStructure/maximumEntries`` entries each, strings of at most
/// ``maximumStringBytes``: time and memory are bounded whatever the bytes claim. A field that lies is left out.
enum ExifReader {
    /// The longest text kept (a model or lens name is a few dozen bytes); a longer one is left out unread.
    static let maximumStringBytes = 256

    private enum Tag {
        static let make = 0x010F
        static let model = 0x0110
        static let exifDirectory = 0x8769
        static let gpsDirectory = 0x8825
        static let exposureTime = 0x829A
        static let fNumber = 0x829D
        static let iso = 0x8827
        static let dateTimeOriginal = 0x9003
        static let offsetTimeOriginal = 0x9011
        static let focalLength = 0x920A
        static let lensModel = 0xA434
        static let latitudeReference = 1
        static let latitude = 2
        static let longitudeReference = 3
        static let longitude = 4
    }

    /// The details in the structure; empty when it holds none.
    static func details(_ tiff: TIFFStructure) -> PhotoDetails {
        var details = PhotoDetails()
        guard let first = tiff.firstDirectory else { return details }
        let primary = directory(tiff, at: first)
        details.cameraMake = primary[Tag.make].flatMap { text(tiff, $0) }
        details.cameraModel = primary[Tag.model].flatMap { text(tiff, $0) }
        if let exif = primary[Tag.exifDirectory].flatMap({ pointedDirectory(tiff, $0) }) {
            let fields = directory(tiff, at: exif)
            let offset = fields[Tag.offsetTimeOriginal].flatMap { text(tiff, $0) }
            details.takenAt = fields[Tag.dateTimeOriginal].flatMap { text(tiff, $0) }
                .flatMap { ExifValues.date($0, offset: offset) }
            details.lens = fields[Tag.lensModel].flatMap { text(tiff, $0) }
            details.exposureTime = fields[Tag.exposureTime].flatMap { rationals(tiff, $0, count: 1)?.first }
                .flatMap(ExifValues.positive)
            details.aperture = fields[Tag.fNumber].flatMap { rationals(tiff, $0, count: 1)?.first }
                .flatMap(ExifValues.positive)
            details.focalLength = fields[Tag.focalLength].flatMap { rationals(tiff, $0, count: 1)?.first }
                .flatMap(ExifValues.positive)
            details.iso = fields[Tag.iso].flatMap { tiff.integer($0) }.flatMap { $0 > 0 ? $0 : nil }
        }
        if let gps = primary[Tag.gpsDirectory].flatMap({ pointedDirectory(tiff, $0) }) {
            let fields = directory(tiff, at: gps)
            let latitude = fields[Tag.latitude].flatMap { rationals(tiff, $0, count: 3) }
            let longitude = fields[Tag.longitude].flatMap { rationals(tiff, $0, count: 3) }
            details.location = ExifValues.location(
                latitude: latitude, north: fields[Tag.latitudeReference].flatMap { text(tiff, $0) },
                longitude: longitude, east: fields[Tag.longitudeReference].flatMap { text(tiff, $0) })
        }
        return details
    }

    /// The entries of a directory by tag (the first of each tag).
    private static func directory(_ tiff: TIFFStructure, at offset: Int) -> [Int: TIFFStructure.Entry] {
        var fields: [Int: TIFFStructure.Entry] = [:]
        for entry in tiff.entries(ofDirectoryAt: offset).entries where fields[entry.tag] == nil {
            fields[entry.tag] = entry
        }
        return fields
    }

    /// The directory a LONG or IFD entry (LONG8 or IFD8 in a BigTIFF) points to, nil when it lies outside the
    /// structure.
    static func pointedDirectory(_ tiff: TIFFStructure, _ entry: TIFFStructure.Entry) -> Int? {
        let relative: Int?
        switch entry.type {
        case 4, 13: relative = tiff.u32(entry.field)
        case 16,
            18 where tiff.isBig:
            relative = tiff.u64(entry.field)
        default: relative = nil
        }
        return relative.flatMap { tiff.directory(at: $0) }
    }

    /// An ASCII (or UTF-8, as cameras write) entry's text up to its first NUL, trimmed; nil when empty, too long or
    /// outside the structure.
    private static func text(_ tiff: TIFFStructure, _ entry: TIFFStructure.Entry) -> String? {
        guard entry.type == 2 || entry.type == 7, (1...maximumStringBytes).contains(entry.count),
            let offset = tiff.valueOffset(entry, length: entry.count)
        else { return nil }
        var bytes: [UInt8] = []
        for index in offset..<(offset + entry.count) {
            guard let byte = tiff.bytes.u8(index), byte != 0 else { break }
            bytes.append(byte)
        }
        return ExifValues.cleanText(bytes)
    }

    /// `count` RATIONAL (or SRATIONAL) values of an entry; nil when the entry has fewer, or one has a zero
    /// denominator.
    private static func rationals(_ tiff: TIFFStructure, _ entry: TIFFStructure.Entry, count: Int) -> [Double]? {
        guard entry.type == 5 || entry.type == 10, entry.count >= count,
            let offset = tiff.valueOffset(entry, length: count * 8)
        else { return nil }
        var values: [Double] = []
        for index in 0..<count {
            guard let numerator = tiff.u32(offset + index * 8), let denominator = tiff.u32(offset + index * 8 + 4)
            else { return nil }
            let signed = entry.type == 10
            let top = signed ? Int(Int32(truncatingIfNeeded: numerator)) : numerator
            let bottom = signed ? Int(Int32(truncatingIfNeeded: denominator)) : denominator
            guard bottom != 0 else { return nil }
            values.append(Double(top) / Double(bottom))
        }
        return values
    }
}
