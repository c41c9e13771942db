import Foundation
import Testing

@testable import DragAndDrop

@Suite struct DropPayloadCodingTests {
    @Test func payloadSurvivesAJSONRoundTrip() throws {
        let payload = DropPayload(
            uriList: "https://a.example/1.png\r\n", html: "<img src=x>", plainText: "hi",
            mozURL: "https://a.example\ntitle",
            pageURL: "https://page.example/", files: [DroppedFile(name: "a.png", type: "image/png", size: 42)]
        )
        let data = try JSONEncoder().encode(payload)
        #expect(try JSONDecoder().decode(DropPayload.self, from: data) == payload)
    }

    @Test func emptyObjectDecodesAsEmptyPayload() throws {
        let payload = try JSONDecoder().decode(DropPayload.self, from: Data("{}".utf8))
        #expect(payload == DropPayload())
        #expect(payload.files.isEmpty)
    }

    @Test func nullsAndPartialFilesDecodeTolerantly() throws {
        let json = #"{"uriList": null, "html": "<p>", "files": [{"name": "a.png"}, {}]}"#
        let payload = try JSONDecoder().decode(DropPayload.self, from: Data(json.utf8))
        #expect(payload.uriList == nil)
        #expect(payload.html == "<p>")
        #expect(
            payload.files == [DroppedFile(name: "a.png", type: "", size: 0), DroppedFile(name: "", type: "", size: 0)])
    }

    @Test func decodesTheShapeTheBrowserPosts() throws {
        let json = #"""
            {"uriList":"https://a.example/x.png","mozURL":null,"pageURL":"https://a.example/",
             "files":[{"name":"x.png","type":"image/png","size":1024}]}
            """#
        let payload = try JSONDecoder().decode(DropPayload.self, from: Data(json.utf8))
        #expect(
            DropPayloadReader.sources(in: payload) == [
                .file(
                    fileIndex: 0, name: "x.png", mimeType: "image/png", size: 1024,
                    sourceURL: url("https://a.example/x.png"))
            ])
    }

    @Test func wrongTypesAreStillErrors() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DropPayload.self, from: Data(#"{"files": "nope"}"#.utf8))
        }
    }
}
