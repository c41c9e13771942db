import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer

/// The original downloaded under its item's name, with a file name no client can misread (issue 29).
@Suite("Download")
struct DownloadAPITests {
    @Test func anImageDownloadsAsItsOriginalUnderItsName() async throws {
        let bytes = try Fixture.data("exif-photo.jpg")
        let url = "http://site.test/Caf%C3%A9%20%22r%C3%AAve%22%0A.jpg"
        try await testApplication(web: FakeWeb([url: .bytes(bytes)])) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: [url], into: gallery).items[0]
            #expect(try await client.settled(pending.id).state == "ready")
            let item: PhotoItemJSON = try await client.call(.get, "/api/items/\(pending.id)")
            let downloadURL = try #require(item.downloadURL)
            #expect(downloadURL == "/api/items/\(pending.id)/download")
            let response = try await client.send(.get, downloadURL)
            #expect(response.status == .ok)
            #expect(Data(buffer: response.body) == bytes)
            #expect(response.headers[.contentType] == "image/jpeg")
            let disposition = try #require(response.headers[.contentDisposition])
            #expect(disposition.hasPrefix("attachment; filename=\""))
            let plain = try #require(disposition.split(separator: "\"").dropFirst().first)
            #expect(plain.allSatisfy { $0.isASCII && $0 != "/" && $0 != "\\" && !$0.isNewline })
            #expect(plain.hasSuffix(".jpg"))
            let encoded = try #require(disposition.components(separatedBy: "filename*=UTF-8''").last)
            let name = try #require(encoded.removingPercentEncoding)
            #expect(name.hasPrefix("Café") && name.contains("rêve") && name.hasSuffix(".jpg"))
            #expect(!name.contains("\"") && !name.contains("\n"))
        }
    }

    @Test func aNoteHasNothingToDownload() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let note = try await client.drop(payload: #"{"plainText":"Hello"}"#, into: gallery).items[0]
            let item: PhotoItemJSON = try await client.call(.get, "/api/items/\(note.id)")
            #expect(item.downloadURL == nil)
            #expect(try await client.send(.get, "/api/items/\(note.id)/download").status == .notFound)
        }
    }

    @Test func aDownloadNeedsSignInAsEveryRouteDoes() async throws {
        try await testSignedInApplication { client, _ in
            let unknown = UUID().uuidString.lowercased()
            let response = try await client.send(.get, "/api/items/\(unknown)/download", as: nil)
            #expect(response.status == .unauthorized)
        }
    }
}

@Suite("Download names")
struct DownloadNameTests {
    @Test func aPlainNameIsKeptWithTheExtensionOfItsType() {
        #expect(DownloadName.fileName(title: "sunset.JPG", fileExtension: "jpg") == "sunset.jpg")
        #expect(DownloadName.fileName(title: "sunset.jpeg", fileExtension: "jpg") == "sunset.jpg")
        #expect(DownloadName.fileName(title: "sunset", fileExtension: "png") == "sunset.png")
        #expect(
            DownloadName.contentDisposition(title: "sunset", fileExtension: "png")
                == #"attachment; filename="sunset.png""#)
    }

    @Test func separatorsQuotesAndControlCharactersAreReplaced() {
        let name = DownloadName.fileName(title: "../..\\etc/pass\"wd\r\n\u{7}\u{202E}.txt", fileExtension: "png")
        #expect(name == "etc_pass_wd____.txt.png")
        #expect(DownloadName.fileName(title: " ...", fileExtension: "gif") == "download.gif")
        #expect(DownloadName.fileName(title: String(repeating: "a", count: 500), fileExtension: "jpg").count == 124)
    }

    @Test func aNameBeyondASCIIIsGivenInUTF8Too() {
        let header = DownloadName.contentDisposition(title: "Straße 日本 100%", fileExtension: "jpg")
        #expect(
            header
                == #"attachment; filename="Stra_e __ 100.jpg"; filename*=UTF-8''Stra%C3%9Fe%20%E6%97%A5%E6%9C%AC%20100.jpg"#
        )
    }
}
