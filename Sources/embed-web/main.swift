import Foundation

// embed-web WEB_FOLDER OUTPUT.swift: writes every file of the web folder (but dot files) into a Swift source, as
// base64 strings by path ("index.html", "view/grid.js"), for the WebClient target (see Plugins/EmbedWeb).

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: embed-web WEB_FOLDER OUTPUT.swift\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])
var entries: [(String, String)] = []
if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) {
    for case let file as URL in walker {
        let path = String(file.standardizedFileURL.path.dropFirst(folder.path.count + 1))
        guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
            !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        else { continue }
        entries.append((path, try Data(contentsOf: file).base64EncodedString()))
    }
}
entries.sort { $0.0 < $1.0 }
var source = "// Made by embed-web from the Web folder when the package builds; not kept in the repository.\n\n"
source += "extension EmbeddedWeb {\n    static let encodedFiles: [String: String] = [\n"
for (path, encoded) in entries { source += "        \"\(path)\": \"\(encoded)\",\n" }
source += entries.isEmpty ? "        :\n" : ""
source += "    ]\n}\n"
try Data(source.utf8).write(to: output, options: .atomic)
