import Foundation
import GalleryCore
import MediaProbe
import SafeFetch

/// How the server runs: where it listens, where it keeps data, what it may fetch.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on.
    public var port: Int
    /// The folder holding the database and the image files.
    public var dataDirectory: URL
    /// The folder of the web client.
    public var webRoot: URL?
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
    /// Whether people must sign in (false with `--no-auth`: everyone reaching the server acts as its owner, so it
    /// may only listen on a loopback address).
    public var requiresSignIn: Bool
    /// Host names besides `localhost` and IP addresses that requests may name in `Host` (`--allowed-host`), e.g. the
    /// name a reverse proxy or the home network uses.
    public var allowedHosts: [String]
    /// Whether `X-Forwarded-Proto: https` from a reverse proxy makes the session cookie `Secure`.
    public var behindHTTPSProxy: Bool
    /// What one client may make the server hold at once (bodies, decoding, connections, loading images).
    public var bounds: Bounds

    /// Makes a configuration.
    /// How log lines (and the few startup lines) are written.
    public var logFormat: LogFormat
    /// The PostgreSQL database (`postgresql://user:password@host/database`), or nil for SQLite in the data folder.
    public var databaseURL: String?
    /// How long, in seconds, a lease on loading an item lasts unless this server renews it: how soon another server
    /// on the same database takes on the loading of one that died.
    public var leaseDuration: TimeInterval = 60

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL,
        webRoot: URL? = ServerConfiguration.defaultWebRoot,
        fetchAllow: [AddressRange] = [], imageLimits: ImageLimits = ImageLimits(),
        fetchLimits: Fetcher.Limits = Fetcher.Limits(), uploadPatience: TimeInterval = 600,
        eventRetention: Int = 5000, requiresSignIn: Bool = true, allowedHosts: [String] = [],
        behindHTTPSProxy: Bool = false, bounds: Bounds = Bounds(), logFormat: LogFormat = .text,
        databaseURL: String? = nil
    ) {
        self.databaseURL = databaseURL
        self.logFormat = logFormat
        self.requiresSignIn = requiresSignIn
        self.allowedHosts = allowedHosts
        self.behindHTTPSProxy = behindHTTPSProxy
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

    /// The addresses a reverse proxy on this machine connects from, with `--behind-https-proxy` (none otherwise):
    /// their `X-Forwarded-Proto` and `X-Forwarded-For` are believed, and their connections are not capped per address,
    /// since everybody's come through them.
    public var proxyAddresses: Set<String> {
        behindHTTPSProxy ? ["127.0.0.1", "::1", "::ffff:127.0.0.1"] : []
    }

    /// Why the server must not start so, or nil: without sign-in it may only listen on a loopback address.
    public var refusal: String? {
        guard !requiresSignIn else { return nil }
        if host == "localhost" { return nil }
        if let address = IPAddress(host), AddressPolicy.loopback.contains(where: { $0.contains(address) }) {
            return nil
        }
        return "--no-auth only works on a loopback address (127.0.0.1, ::1): anyone who can reach \(host) would "
            + "act as the owner. Leave out --no-auth and sign in, or use --host 127.0.0.1."
    }

    /// The database file inside the data folder.
    public var databasePath: String { dataDirectory.appendingPathComponent("gallery.sqlite").path }
    /// The image files inside the data folder.
    public var blobDirectory: URL { dataDirectory.appendingPathComponent("images", isDirectory: true) }

    /// `IMAGE_GALLERY_WEB_ROOT`, else the `Web` folder of the source tree this binary was built from while it is there
    /// (so that an edit shows on reload, without a build), else nil: the web client carried inside the binary (a
    /// binary copied to another folder or machine).
    public static var defaultWebRoot: URL? {
        if let path = ProcessInfo.processInfo.environment["IMAGE_GALLERY_WEB_ROOT"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Web", isDirectory: true)
        return FileManager.default.fileExists(atPath: source.appendingPathComponent("index.html").path) ? source : nil
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
