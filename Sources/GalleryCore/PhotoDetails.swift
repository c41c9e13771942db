import Foundation

/// What the camera wrote about a photo in its EXIF: when, with what, how and where. Every field is optional: a field
/// the file lacks, or that lies (a zero denominator, a date that is no date, a string too long), is left out.
public struct PhotoDetails: Sendable, Equatable, Codable {
    /// When it was taken, as the camera's clock said: `2024-05-17T14:03:22`, with the offset from UTC when the camera
    /// wrote one (`2024-05-17T14:03:22+02:00`).
    public var takenAt: String?
    /// The camera's maker, e.g. `Canon`.
    public var cameraMake: String?
    /// The camera's model, e.g. `Canon EOS R5`.
    public var cameraModel: String?
    /// The lens's model, e.g. `RF24-105mm F4 L IS USM`.
    public var lens: String?
    /// The focal length in millimetres.
    public var focalLength: Double?
    /// The aperture as an f-number (2.8 for f/2.8).
    public var aperture: Double?
    /// The shutter time in seconds (0.004 for 1/250 s).
    public var exposureTime: Double?
    /// The ISO speed.
    public var iso: Int?
    /// Where it was taken, from the GPS coordinates.
    public var location: PhotoLocation?

    /// Makes a value.
    public init(
        takenAt: String? = nil, cameraMake: String? = nil, cameraModel: String? = nil, lens: String? = nil,
        focalLength: Double? = nil, aperture: Double? = nil, exposureTime: Double? = nil, iso: Int? = nil,
        location: PhotoLocation? = nil
    ) {
        self.takenAt = takenAt
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lens = lens
        self.focalLength = focalLength
        self.aperture = aperture
        self.exposureTime = exposureTime
        self.iso = iso
        self.location = location
    }

    /// True when the camera wrote none of the fields.
    public var isEmpty: Bool { self == PhotoDetails() }

    /// The same details without where the photo was taken.
    public var withoutLocation: PhotoDetails {
        var details = self
        details.location = nil
        return details
    }
}

/// Where a photo was taken: GPS coordinates in degrees (south and west negative).
public struct PhotoLocation: Sendable, Equatable, Codable {
    /// Degrees north of the equator, −90...90.
    public var latitude: Double
    /// Degrees east of Greenwich, −180...180.
    public var longitude: Double

    /// Makes a value.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
