import GalleryCore
import Testing

@Suite("Item titles")
struct ItemTitleTests {
    @Test(arguments: [
        ("https://example.com/photos/cat.png", "cat.png"),
        ("https://example.com/photos/cat%20face.png?size=large", "cat face.png"),
        ("https://example.com/", "example.com"),
        ("https://example.com", "example.com"),
        ("data:image/png;base64,iVBORw0KGgo=", "Dropped image"),
    ])
    func aURLIsTitledByItsLastPartOrHost(url: String, title: String) {
        #expect(ItemTitle.make(fromURL: url) == title)
    }

    @Test func aLongURLTitleIsClipped() {
        let title = ItemTitle.make(fromURL: "https://example.com/" + String(repeating: "a", count: 300) + ".png")
        #expect(title.count == 200)
    }

    @Test(arguments: [
        ("a.png", "a.png"),
        ("folder/sub/b.jpg", "b.jpg"),
        ("C:\\Users\\me\\c.gif", "c.gif"),
        ("", "Dropped file"),
        ("/", "Dropped file"),
        ("bell\u{07}\nname.png", "bellname.png"),
    ])
    func aFileIsTitledByItsNameWithoutFolders(name: String, title: String) {
        #expect(ItemTitle.make(fromFileName: name) == title)
    }
}
