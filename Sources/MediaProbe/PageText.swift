import DragAndDrop

/// The visible text of a web page: what a reader sees of its body, for the search index. Not the text inside
/// `<head>`, `<script>`, `<style>`, `<template>`, `<noscript>`, `<title>`, `<textarea>` (what a form holds), `<svg>`
/// (drawings' markup) or comments; tags stripped (block elements part words), character references decoded,
/// whitespace collapsed, at most ``TextTidying/maximumBytes`` kept.
public enum PageText {
    /// Reads the visible text of a page from its first bytes, decoded in its encoding as for
    /// ``PageMetadata/read(_:contentType:baseURL:)``; nil when it has none. Never fails, and takes time linear in the
    /// input whatever it holds (the caller bounds the input: the first megabyte of a page).
    public static func read(_ bytes: some Collection<UInt8>, contentType: String?) -> String? {
        let decoded = PageEncoding.decode(Array(bytes), contentType: contentType)
        var scanner = VisibleTextScanner(bytes: Array(decoded.utf8))
        // Some slack over the limit: collapsing whitespace shortens what was gathered.
        let text = TextTidying.tidied(scanner.text(stoppingAfter: 2 * TextTidying.maximumBytes))
        return text.isEmpty ? nil : text
    }
}
