import Foundation
import PackagePlugin

/// Carries the web client (the package's `Web` folder) into the binary: before the target builds, `embed-web` writes
/// every file of the folder into a Swift source, so a binary copied anywhere serves its page. The folder's files are
/// the command's inputs: changing one builds the source again.
@main
struct EmbedWeb: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let web = context.package.directoryURL.appendingPathComponent("Web", isDirectory: true)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedWebFiles.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: web, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let file as URL in walker
            where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(file)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the web client (\(inputs.count) files)",
                executable: try context.tool(named: "embed-web").url,
                arguments: [web.path, output.path], inputFiles: inputs, outputFiles: [output])
        ]
    }
}
