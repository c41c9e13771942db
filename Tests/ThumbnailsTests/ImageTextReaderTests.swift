import Foundation
import TestSupport
import Testing

@testable import Thumbnails

/// Reading the text printed in an image with Tesseract.
@Suite("Text inside images")
struct ImageTextReaderTests {
    @Test func tesseractReadsEnglishFromTheFileToItsOutput() {
        #expect(ImageTextReader.arguments(URL(fileURLWithPath: "/i/a.webp")) == ["/i/a.webp", "stdout", "-l", "eng"])
    }

    // Tesseract is optional (apt install tesseract-ocr tesseract-ocr-eng): without it images are not read.
    @Test(.enabled(if: ImageTextReader.isAvailable, "tesseract is not installed (apt install tesseract-ocr)"))
    func printedTextIsRead() throws {
        let text = try ImageTextReader.read(Fixture.url("printed-text.png"))
        #expect(text.contains("INVOICE kerning 2026"), "read: \(text)")
    }

    @Test(.enabled(if: ImageTextReader.isAvailable, "tesseract is not installed (apt install tesseract-ocr)"))
    func aFileThatIsNoImageFailsWithTesseractsMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-an-image.png")
        try Data("not an image".utf8).write(to: file)
        #expect(throws: ImageTextReader.Error.self) { try ImageTextReader.read(file) }
    }
}
