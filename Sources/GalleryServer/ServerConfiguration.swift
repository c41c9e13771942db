import Foundation
import GalleryCore

/// How the server runs: where it listens, where it keeps data, what it may fetch.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on.
    public var port: Int
    /// The folder holding the database and the image files.
    public var dataDirectory: URL
    /// The folder of the web client.
    public var webRoot: URL
    /// Address ranges the fetcher may reach besides public addresses.
    public var fetchAllow: [AddressRange]
    /// Limits on images.
    public var imageLimits: ImageLimits
    /// Limits on fetching.
    public var fetchLimits: Fetcher.Limits
    /// How long an upload placeholder may wait for its bytes before it fails.
    public var uploadPatience: TimeInterval
    /// How many of its latest changes a gallery keeps as events, for views that reconnect; a view further behind
    /// loads the gallery afresh.
    public var eventRetention: Int
    /// What one client may make the server hold at once (bodies, decoding, connections, loading images).
    public var bounds: Bounds

    /// Makes a configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL,
        webRoot: URL = ServerConfiguration.defaultWebRoot,
        fetchAllow: [AddressRange] = [], imageLimits: ImageLimits = ImageLimits(),
        fetchLimits: Fetcher.Limits = Fetcher.Limits(), uploadPatience: TimeInterval = 600,
        eventRetention: Int = 5000, bounds: Bounds = Bounds()
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.webRoot = webRoot
        self.fetchAllow = fetchAllow
        self.imageLimits = imageLimits
        self.fetchLimits = fetchLimits
        self.uploadPatience = uploadPatience
        self.eventRetention = eventRetention
        self.bounds = bounds
    }

    /// The database file inside the data folder.
    public var databasePath: String { dataDirectory.appendingPathComponent("gallery.sqlite").path }
    /// The image files inside the data folder.
    public var blobDirectory: URL { dataDirectory.appendingPathComponent("images", isDirectory: true) }

    /// `IMAGE_GALLERY_WEB_ROOT`, else the `Web` folder of the source tree this binary was built from.
    public static var defaultWebRoot: URL {
        if let path = ProcessInfo.processInfo.environment["IMAGE_GALLERY_WEB_ROOT"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Web", isDirectory: true)
    }

    /// `$XDG_DATA_HOME/image-gallery`, else `~/.local/share/image-gallery`.
    public static var defaultDataDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(
                "image-gallery", isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".local/share/image-gallery", isDirectory: true)
    }
}
