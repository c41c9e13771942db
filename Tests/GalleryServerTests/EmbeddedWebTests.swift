import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WebClient

@testable import GalleryServer

/// The web client carried inside the binary: a server with no web folder (a binary copied elsewhere) serves the same
/// files as the source tree's, with validators.
@Suite("The web client inside the binary")
struct EmbeddedWebTests {
    /// Every file of the source tree's web folder, by path, but dot files.
    func sourceFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = webRoot.standardizedFileURL
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let file as URL in walker {
            let path = String(file.standardizedFileURL.path.dropFirst(root.path.count + 1))
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
                !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            files[path] = try Data(contentsOf: file)
        }
        return files
    }

    @Test func everyFileOfTheWebFolderIsInsideTheBinaryAsItIs() throws {
        let files = try sourceFiles()
        #expect(files.count > 50)
        #expect(EmbeddedWeb.count == files.count)
        for (path, bytes) in files { #expect(EmbeddedWeb.file(path) == bytes, "\(path)") }
        #expect(EmbeddedWeb.file("../Package.swift") == nil)
    }

    @Test func aServerWithoutAWebFolderServesThePagesAndFilesWithValidators() async throws {
        let files = try sourceFiles()
        try await withTemporaryFolder { folder in
            var logger = Logger(label: "EmbeddedWebTests")
            logger.logLevel = .error
            let app = try await buildApplication(
                configuration: ServerConfiguration(dataDirectory: folder, webRoot: nil, requiresSignIn: false),
                fetcher: FakeWeb().fetcher, logger: logger)
            try await app.test(.router) { client in
                let script = try await client.execute(uri: "/view/grid.js", method: .get)
                #expect(script.status == .ok)
                #expect(Data(buffer: script.body) == files["view/grid.js"])
                #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)
                let tag = try #require(script.headers[.eTag])
                let again = try await client.execute(
                    uri: "/view/grid.js", method: .get, headers: [.ifNoneMatch: tag])
                #expect(again.status == .notModified)
                let page = try await client.execute(uri: "/galleries", method: .get)
                #expect(page.status == .ok)
                #expect(Data(buffer: page.body) == files["galleries.html"])
                #expect(try await client.execute(uri: "/nothing-here.js", method: .get).status == .notFound)
                #expect(try await client.execute(uri: "/%2e%2e/Package.swift", method: .get).status != .ok)
            }
        }
    }
}
