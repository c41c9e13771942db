import Foundation

/// The small real files under `Tests/TestSupport/Fixtures` (their README says how each was made).
public enum Fixture {
    /// The bytes of a fixture file.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// Where a fixture file is.
    public static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/\(name)")
    }
}
