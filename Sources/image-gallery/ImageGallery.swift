import ArgumentParser
import Foundation
import GalleryCore
import GalleryServer
import Hummingbird
import Logging
import MediaProbe
import SafeFetch

/// The `image-gallery` command.
@main
struct ImageGallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image-gallery",
        abstract: "A self-hosted gallery for collecting images by drag and drop.",
        subcommands: [
            Serve.self, UserCommand.self, TokenCommand.self, BackupCommand.self, ExportCommand.self, ImportCommand.self,
            MigrateCommand.self,
        ],
        defaultSubcommand: Serve.self)
}

/// `image-gallery serve`
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the gallery server.")

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(
        help: """
            A PostgreSQL database (postgresql://user:password@host:5432/db) instead of SQLite in the data folder \
            (default: $IMAGE_GALLERY_DATABASE_URL). Several servers on one database and one shared data folder serve \
            the same galleries.
            """)
    var database: String?
    @Option(
        name: .customLong("work-lease"),
        help: """
            Seconds a server's lease on loading an item lasts unless renewed: how soon another server on the same \
            database takes on the loading of one that stopped.
            """)
    var workLease: Double = 60
    @Option(
        name: .customLong("data"),
        help: "The folder for the database and images (default: $XDG_DATA_HOME/image-gallery).")
    var dataDirectory: String?
    @Option(
        name: .customLong("fetch-allow"),
        help:
            "An address range (CIDR) the server may fetch from although it is private; repeatable. Also IMAGE_GALLERY_FETCH_ALLOW, comma separated."
    )
    var fetchAllow: [String] = []
    @Option(name: .customLong("fetch-timeout"), help: "Seconds a fetch of a dropped link may take in all.")
    var fetchTimeout = 30
    @Option(name: .customLong("max-image-bytes"), help: "The largest image accepted, in bytes (fetched or uploaded).")
    var maxImageBytes: Int64 = 50_000_000
    @Option(name: .customLong("max-image-pixels"), help: "The most pixels an image may have (all frames counted).")
    var maxImagePixels: Int64 = 50_000_000
    @Option(name: .customLong("max-video-bytes"), help: "The largest video accepted, in bytes (fetched or uploaded).")
    var maxVideoBytes: Int64 = 2_000_000_000
    @Flag(
        name: .customLong("no-auth"),
        help: "No sign-in: everyone who reaches the server acts as its owner. Only on a loopback address.")
    var noAuth = false
    @Option(
        name: .customLong("allowed-host"),
        help:
            "A host name this server answers to besides localhost and IP addresses (repeatable), e.g. photos.home.arpa."
    )
    var allowedHosts: [String] = []
    @Flag(
        name: .customLong("behind-https-proxy"),
        help: "A reverse proxy terminates TLS: trust its 'X-Forwarded-Proto: https' for Secure cookies.")
    var behindHTTPSProxy = false
    @Option(
        name: .customLong("header-timeout"),
        help:
            "Seconds a request line and headers may take (from a new connection's opening, or a later head's first byte) before the connection is closed."
    )
    var headerTimeout = 10.0
    @Option(
        name: .customLong("body-window"),
        help:
            "Seconds over which a request body's rate is measured; a body slower than --min-body-bytes per window is cut."
    )
    var bodyWindow = 10.0
    @Option(
        name: .customLong("min-body-bytes"),
        help: "The fewest bytes a request body must bring in each --body-window.")
    var minBodyBytes = 1024
    @Option(
        name: .customLong("max-connections"),
        help:
            "The most connections the server holds open at once; at the limit the oldest idle connections are closed to make room."
    )
    var maxConnections = 4096
    @Option(
        name: .customLong("max-unauthenticated-connections"),
        help: ArgumentHelp(
            "How many of those may be connections that have not signed in (default: a quarter); at the limit their"
                + " oldest idle connections are closed to make room.",
            valueName: "count"))
    var maxUnauthenticatedConnections: Int?
    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may stay idle after a request before it is closed."
    )
    var idleTimeout = 60.0
    @Option(
        name: .customLong("max-connections-per-address"),
        help: "The most connections one client address may hold open at once.")
    var maxConnectionsPerAddress = 64
    @Option(
        name: .customLong("log-level"),
        help: "The least important log lines written: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"
    @Option(
        name: .customLong("log-format"),
        help: "How log lines are written: text, or json (one JSON object per line, for a log collector).")
    var logFormat = "text"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical.")
        }
        guard LogFormat(rawValue: logFormat) != nil else { throw ValidationError("--log-format must be text or json.") }
        guard (1...600).contains(fetchTimeout) else {
            throw ValidationError("--fetch-timeout must be 1 to 600 seconds.")
        }
        guard maxImageBytes > 0 else { throw ValidationError("--max-image-bytes must be positive.") }
        guard maxImagePixels > 0 else { throw ValidationError("--max-image-pixels must be positive.") }
        guard maxVideoBytes > 0 else { throw ValidationError("--max-video-bytes must be positive.") }
        guard (0.1...3600).contains(headerTimeout) else {
            throw ValidationError("--header-timeout must be 0.1 to 3600 seconds.")
        }
        guard (0.1...86400).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be 0.1 to 86400 seconds.")
        }
        guard (0.1...3600).contains(bodyWindow) else {
            throw ValidationError("--body-window must be 0.1 to 3600 seconds.")
        }
        guard minBodyBytes >= 0 else { throw ValidationError("--min-body-bytes must not be negative.") }
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be positive.") }
        if let maxUnauthenticatedConnections, maxUnauthenticatedConnections <= 0 {
            throw ValidationError("--max-unauthenticated-connections must be positive.")
        }
        guard maxConnectionsPerAddress > 0 else {
            throw ValidationError("--max-connections-per-address must be positive.")
        }
    }

    func run() async throws {
        var allowTexts = fetchAllow
        if let fromEnvironment = ProcessInfo.processInfo.environment["IMAGE_GALLERY_FETCH_ALLOW"] {
            allowTexts.append(fromEnvironment)
        }
        let ranges: [AddressRange]
        do {
            ranges = try AddressPolicy.parseRanges(allowTexts)
        } catch {
            throw ValidationError(error.message)
        }
        // Every connection takes an open file: the bound on them stays within what the process may open.
        let openFiles = OpenFileLimit.raiseToHardLimit()
        let connections = min(maxConnections, openFiles.map(OpenFileLimit.connections(within:)) ?? maxConnections)
        let data =
            dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? ServerConfiguration.defaultDataDirectory
        var configuration = ServerConfiguration(
            host: host, port: port, dataDirectory: data, fetchAllow: ranges,
            imageLimits: ImageLimits(
                maximumBytes: maxImageBytes, maximumPixels: maxImagePixels, maximumVideoBytes: maxVideoBytes),
            fetchLimits: Fetcher.Limits(
                maximumBytes: max(maxImageBytes, maxVideoBytes), deadline: .seconds(fetchTimeout)),
            requiresSignIn: !noAuth, allowedHosts: allowedHosts, behindHTTPSProxy: behindHTTPSProxy,
            bounds: ServerConfiguration.Bounds(
                headerTimeout: .milliseconds(Int(headerTimeout * 1000)),
                idleTimeout: .milliseconds(Int(idleTimeout * 1000)),
                connectionsPerAddress: maxConnectionsPerAddress, connections: connections,
                unauthenticatedConnections: maxUnauthenticatedConnections,
                bodyWindow: .milliseconds(Int(bodyWindow * 1000)), bodyBytesPerWindow: minBodyBytes),
            logFormat: LogFormat(rawValue: logFormat) ?? .text,
            databaseURL: database ?? ProcessInfo.processInfo.environment["IMAGE_GALLERY_DATABASE_URL"])
        guard workLease >= 1, workLease <= 3600 else {
            throw ValidationError("--work-lease must be 1 to 3600 seconds.")
        }
        configuration.leaseDuration = workLease
        if let refusal = configuration.refusal { throw ValidationError(refusal) }
        let level = Logger.Level(rawValue: logLevel) ?? .info
        configuration.logFormat.bootstrap(level: level)
        var logger = Logger(label: "image-gallery")
        logger.logLevel = level
        let format = configuration.logFormat
        if let place = configuration.databasePlace {
            say("Image Gallery: PostgreSQL database \(place), images in \(data.path)", as: format, logger: logger)
        } else {
            say("Image Gallery: data in \(data.path)", as: format, logger: logger)
        }
        if !ranges.isEmpty {
            say(
                "Image Gallery: fetching also allowed from \(ranges.map(\.description).joined(separator: ", "))",
                as: format, logger: logger)
        }
        if connections < maxConnections, let openFiles {
            say(
                "Image Gallery: at most \(connections) connections at once (the open-file limit is \(openFiles))",
                as: format, logger: logger)
        }
        say("Image Gallery: open http://\(host):\(port)/", as: format, logger: logger)
        let app = try await buildApplication(configuration: configuration, logger: logger)
        try await app.runService()
    }
}
