import ArgumentParser
import Foundation
import GalleryCore
import GalleryServer

/// `image-gallery export GALLERY -o FILE.zip`: a gallery as one file to take elsewhere.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a gallery to a zip archive: gallery.json (its items in order) and their files.",
        discussion: "'image-gallery import FILE.zip' makes a gallery of it again, here or on another server.")

    @OptionGroup var data: DataOption
    @Argument(help: "The gallery: its name or its id.") var gallery: String
    @Option(name: [.customShort("o"), .customLong("output")], help: "The archive to write (FILE.zip).")
    var output: String

    func run() async throws {
        let services = try await openServices(data)
        let id = try await reportingErrors { try await findGallery(gallery, in: services.store) }
        let destination = URL(fileURLWithPath: output)
        let bar = ProgressLine()
        let summary = try await reportingErrors {
            try await GalleryExport(store: services.store, blobs: services.blobs).write(id, to: destination) {
                bar.show("writing files", $0, $1)
            }
        }
        bar.end()
        print(
            "Exported '\(summary.name)' to \(destination.path): \(summary.items) items, \(summary.files) files"
                + " (\(summary.bytes) bytes).")
    }
}

/// `image-gallery import FILE.zip` or `image-gallery import FOLDER`: a new gallery.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a new gallery of a gallery archive (.zip) or of a folder's images and videos.",
        discussion: """
            A folder's files come in file-name order; files that are no image or video are left out, saying so. The \
            gallery belongs to the server's owner (or --user); a server already running shows it at once, and loads \
            the items still to load from the web at its next start.
            """)

    @OptionGroup var data: DataOption
    @Argument(help: "A gallery archive (.zip) or a folder.") var path: String
    @Option(help: "The new gallery's name (else the archive's, or the folder's).") var name: String?
    @Option(help: "The user who owns the new gallery (else the server's owner).") var user: String?

    func run() async throws {
        let services = try await openServices(data)
        let source = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else {
            throw ValidationError("There is no file or folder at \(source.path).")
        }
        let owner = try await reportingErrors { try await services.authenticator.user(named: user) }
        let bar = ProgressLine()
        let importer = GalleryImport(store: services.store, ingestion: services.ingestion)
        let summary = try await reportingErrors {
            isFolder.boolValue
                ? try await importer.importFolder(at: source, named: name) { bar.show($0, $1, $2) }
                : try await importer.importArchive(at: source, named: name) { bar.show($0, $1, $2) }
        }
        bar.end()
        try await services.accounts.setRole(.owner, of: owner.id, in: summary.gallery.id)
        await services.ingestion.waitUntilIdle()
        let loading = summary.loading
        print(
            "Imported '\(summary.gallery.name)' (\(summary.gallery.id.rawValue)) for \(owner.name): \(summary.items)"
                + " items, \(summary.files) files stored."
                + (loading > 0 ? " \(loading) items load from their source at the server's next start." : ""))
        for line in summary.skipped { print("Left out: \(line)") }
    }
}

/// The data folder's store, files and accounts, leaving the work of a server running beside alone (videos' copies and
/// images' text too: the server makes and reads those of imported items at its next start).
func openServices(_ data: DataOption) async throws -> GalleryServices {
    let services = try await buildServices(
        configuration: ServerConfiguration(dataDirectory: data.url, databaseURL: data.databaseURL), resumingWork: false)
    services.ingestion.videoCopies.stop()
    services.ingestion.imageText.stop()
    return services
}

/// The live gallery with this id, or the one with this name.
func findGallery(_ nameOrID: String, in store: any GalleryStore) async throws -> GalleryID {
    let galleries = try await store.galleries()
    if let byID = galleries.first(where: { $0.id.rawValue == nameOrID }) { return byID.id }
    let named = galleries.filter { $0.name == nameOrID }
    guard let first = named.first else { throw GalleryError.notFound("There is no gallery named '\(nameOrID)'.") }
    guard named.count == 1 else {
        throw GalleryError.invalid(
            "\(named.count) galleries are named '\(nameOrID)': name one by its id ("
                + named.map(\.id.rawValue).joined(separator: ", ") + ").")
    }
    return first.id
}

/// How far a long command is: a bar redrawn in place on a terminal, plain lines (each phase, then every tenth)
/// otherwise.
final class ProgressLine: @unchecked Sendable {
    private let onTerminal = isatty(STDOUT_FILENO) == 1
    private let lock = NSLock()
    private var phase = ""
    private var lastTenth = -1

    func show(_ phase: String, _ done: Int, _ total: Int) {
        lock.withLock {
            let tenth = total > 0 ? done * 10 / total : 10
            if onTerminal {
                let filled = total > 0 ? done * 30 / total : 30
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
                FileHandle.standardOutput.write(Data("\r\(phase) [\(bar)] \(done)/\(total)\u{1B}[K".utf8))
                if phase != self.phase { self.phase = phase }
            } else if phase != self.phase || tenth != lastTenth {
                print("\(phase): \(done) of \(total)")
            }
            self.phase = phase
            lastTenth = tenth
        }
    }

    func end() {
        lock.withLock { if onTerminal, !phase.isEmpty { FileHandle.standardOutput.write(Data("\n".utf8)) } }
    }
}
