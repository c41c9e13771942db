import Foundation
import Testing

@testable import DragAndDrop

@Suite struct TypeIdentifierTests {
    @Test func concreteTypesConformToTheirFamilyAndToData() {
        #expect(TypeIdentifier.png.conforms(to: .image))
        #expect(TypeIdentifier.png.conforms(to: .data))
        #expect(TypeIdentifier.image.conforms(to: .data))
        #expect(TypeIdentifier.png.conforms(to: .png))
        #expect(TypeIdentifier.html.conforms(to: .text))
        #expect(TypeIdentifier.plainText.conforms(to: .text))
        #expect(TypeIdentifier.mp4.conforms(to: .video))
        #expect(TypeIdentifier.webm.conforms(to: .video))
        #expect(TypeIdentifier.uriList.conforms(to: .url))
        #expect(TypeIdentifier(mimeType: "text/x-moz-url")?.conforms(to: .url) == true)
    }

    @Test func unrelatedTypesDoNotConform() {
        #expect(!TypeIdentifier.image.conforms(to: .png))
        #expect(!TypeIdentifier.png.conforms(to: .jpeg))
        #expect(!TypeIdentifier.png.conforms(to: .video))
        #expect(!TypeIdentifier.mp4.conforms(to: .image))
        #expect(!TypeIdentifier.data.conforms(to: .image))
        #expect(!TypeIdentifier.html.conforms(to: .url))
        #expect(!TypeIdentifier.text.conforms(to: .plainText))
    }

    @Test func mimeTypesAreNormalizedAndValidated() {
        #expect(TypeIdentifier(mimeType: "Image/PNG; charset=binary") == .png)
        #expect(TypeIdentifier(mimeType: " image/* ") == .image)
        #expect(TypeIdentifier(mimeType: "image/svg+xml")?.conforms(to: .image) == true)
        #expect(TypeIdentifier(mimeType: "") == nil)
        #expect(TypeIdentifier(mimeType: "image") == nil)
        #expect(TypeIdentifier(mimeType: "image/") == nil)
        #expect(TypeIdentifier(mimeType: "*/*") == nil)
        #expect(TypeIdentifier(mimeType: "image/png/x") == nil)
        #expect(TypeIdentifier(mimeType: "ima ge/png") == nil)
    }

    @Test func fileExtensionsMapToTypes() {
        #expect(TypeIdentifier(fileExtension: "png") == .png)
        #expect(TypeIdentifier(fileExtension: ".JPG") == .jpeg)
        #expect(TypeIdentifier(fileExtension: "jpeg") == .jpeg)
        #expect(TypeIdentifier(fileExtension: "gif") == .gif)
        #expect(TypeIdentifier(fileExtension: "webp") == .webp)
        #expect(TypeIdentifier(fileExtension: "mp4") == .mp4)
        #expect(TypeIdentifier(fileExtension: "webm") == .webm)
        #expect(TypeIdentifier(fileExtension: "htm") == .html)
        #expect(TypeIdentifier(fileExtension: "txt") == .plainText)
        #expect(TypeIdentifier(fileExtension: "svg")?.mimeType == "image/svg+xml")
        #expect(TypeIdentifier(fileExtension: "exe") == nil)
        #expect(TypeIdentifier(fileExtension: "") == nil)
    }

    @Test func typesHavePreferredFileExtensions() {
        #expect(TypeIdentifier.png.preferredFileExtension == "png")
        #expect(TypeIdentifier.jpeg.preferredFileExtension == "jpg")
        #expect(TypeIdentifier.gif.preferredFileExtension == "gif")
        #expect(TypeIdentifier.webp.preferredFileExtension == "webp")
        #expect(TypeIdentifier.mp4.preferredFileExtension == "mp4")
        #expect(TypeIdentifier.webm.preferredFileExtension == "webm")
        #expect(TypeIdentifier.html.preferredFileExtension == "html")
        #expect(TypeIdentifier.image.preferredFileExtension == nil)
        #expect(TypeIdentifier(mimeType: "application/x-unknown")?.preferredFileExtension == nil)
    }

    @Test func preferredExtensionsRoundTrip() {
        for type in [TypeIdentifier.png, .jpeg, .gif, .webp, .mp4, .webm, .plainText, .html, .uriList] {
            #expect(type.preferredFileExtension.flatMap { TypeIdentifier(fileExtension: $0) } == type)
        }
    }
}
