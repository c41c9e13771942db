import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@Suite("Identical bytes are stored once")
struct DedupeTests {
    @Test func twoTabsUploadingTheSameBytesAtOnceMakeOneStoredFile() async throws {
        let png = PNGBuilder.make(width: 40, height: 30, shade: 7)
        try await withTemporaryFolder { folder in
            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let gallery = try await client.firstGalleryID()
                let payload = #"{"files":[{"name":"same.png","type":"image/png","size":\#(png.count)}]}"#
                let first = try #require(try await client.drop(payload: payload, into: gallery).uploads.first)
                let second = try #require(try await client.drop(payload: payload, into: gallery).uploads.first)
                async let a = client.execute(
                    uri: first.uploadURL, method: .put, headers: [.contentType: "image/png"],
                    body: ByteBuffer(bytes: png))
                async let b = client.execute(
                    uri: second.uploadURL, method: .put, headers: [.contentType: "image/png"],
                    body: ByteBuffer(bytes: png))
                let (ra, rb) = try await (a, b)
                let readyA: ItemJSON = try ra.decoded()
                let readyB: ItemJSON = try rb.decoded()
                #expect(readyA.state == "ready" && readyB.state == "ready")
                #expect(readyA.imageURL == readyB.imageURL)
                #expect(readyA.id != readyB.id)
            }
            let images = folder.appendingPathComponent("images")
            let stored = try FileManager.default.subpathsOfDirectory(atPath: images.path)
                .filter { $0.hasSuffix(".png") == false && $0.split(separator: "/").last?.count == 64 }
            #expect(stored.count == 1, "stored files: \(stored)")
            let incoming = try FileManager.default.contentsOfDirectory(
                atPath: images.appendingPathComponent("incoming").path)
            #expect(incoming.isEmpty, "leftovers: \(incoming)")
        }
    }
}
