import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// A JSON object with one string member, escaped as JSON escapes it (a NUL becomes `\u0000`).
private func jsonObject(_ key: String, _ value: String) throws -> String {
    String(decoding: try JSONEncoder().encode([key: value]), as: UTF8.self)
}

/// Names holding a control character a gallery name may not hold: NUL, other C0 characters, DEL and a C1 character.
private let namesWithControlCharacters = ["a\u{0}b", "\u{0}", "a\u{1}b", "a\u{1B}[31mb", "a\u{7F}b", "a\u{85}b"]

@Suite("Gallery names over HTTP")
struct GalleryNameAPITests {
    @Test(arguments: namesWithControlCharacters)
    func aNewGalleryNamedWithAControlCharacterIsRefusedNotCut(name: String) async throws {
        try await testApplication { client in
            let before: GalleryListJSON = try await client.call(.get, "/api/galleries")

            let response = try await client.send(.post, "/api/galleries", json: try jsonObject("name", name))
            #expect(response.status == .badRequest)
            #expect(try response.decoded(as: ErrorJSON.self).error.message.contains("control character"))
            let after: GalleryListJSON = try await client.call(.get, "/api/galleries")
            #expect(after.galleries == before.galleries)
        }
    }

    @Test(arguments: namesWithControlCharacters)
    func aRenameWithAControlCharacterIsRefusedAndChangesNothing(name: String) async throws {
        try await testApplication { client in
            let id = try await client.firstGalleryID()
            let before = try await client.gallery(id)

            let response = try await client.send(.patch, "/api/galleries/\(id)", json: try jsonObject("name", name))
            #expect(response.status == .badRequest)
            #expect(try response.decoded(as: ErrorJSON.self).error.message.contains("control character"))
            #expect(try await client.gallery(id) == before)
        }
    }

    @Test func aDuplicateNamedWithAControlCharacterIsRefusedAndNotMade() async throws {
        try await testApplication { client in
            let id = try await client.firstGalleryID()

            let response = try await client.send(
                .post, "/api/galleries/\(id)/duplicate", json: try jsonObject("name", "copy\u{0}of it"))
            #expect(response.status == .badRequest)
            #expect(try response.decoded(as: ErrorJSON.self).error.message.contains("control character"))
            let list: GalleryListJSON = try await client.call(.get, "/api/galleries")
            #expect(list.galleries.map(\.id) == [id])
        }
    }

    @Test func aTabOrALineBreakInsideANameIsKeptWhole() async throws {
        try await testApplication { client in
            let created: GalleryJSON = try await client.call(
                .post, "/api/galleries", json: try jsonObject("name", "Trips\t2024\nsummer"), expecting: .created)
            #expect(created.name == "Trips\t2024\nsummer")
            #expect(try await client.gallery(created.id).name == "Trips\t2024\nsummer")
        }
    }
}
