/// The full-text index of items, written by triggers in the transaction of every change to what it holds — an item's
/// title, caption, tags, a note's text, a link's description and site, and the address it came from — so that what is
/// saved is found at once. Trashed items stay in it; searches leave them out (a restored item is found again).
public enum SearchIndex {
    /// What is searched besides the title, caption and tags, as one text (`row` names the item's row).
    static func body(_ row: String) -> String {
        ["text", "pageDescription", "siteName", "sourceURL"].map { "coalesce(\(row).\($0), '')" }
            .joined(separator: " || ' ' || ")
    }

    /// SQLite: FTS5 over the item's texts (diacritics removed, prefix indexes of 2 and 3 characters). Its rows are
    /// numbered by `search_doc`, whose integer keys, unlike the item table's row ids, survive a VACUUM. The index is
    /// built for the items already kept.
    public static let sqliteMigration = [
        "CREATE TABLE search_doc (docid INTEGER PRIMARY KEY, itemId TEXT NOT NULL UNIQUE)",
        """
        CREATE VIRTUAL TABLE item_search USING fts5(
          title, caption, tags, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')
        """,
        """
        CREATE TRIGGER item_search_insert AFTER INSERT ON item BEGIN
          INSERT INTO search_doc (itemId) VALUES (new.id);
          INSERT INTO item_search (rowid, title, caption, tags, body)
            SELECT docid, new.title, new.caption, new.tags, \(body("new")) FROM search_doc WHERE itemId = new.id;
        END
        """,
        """
        CREATE TRIGGER item_search_update
        AFTER UPDATE OF title, caption, tags, text, pageDescription, siteName, sourceURL ON item BEGIN
          DELETE FROM item_search WHERE rowid = (SELECT docid FROM search_doc WHERE itemId = old.id);
          INSERT INTO item_search (rowid, title, caption, tags, body)
            SELECT docid, new.title, new.caption, new.tags, \(body("new")) FROM search_doc WHERE itemId = new.id;
        END
        """,
        """
        CREATE TRIGGER item_search_delete AFTER DELETE ON item BEGIN
          DELETE FROM item_search WHERE rowid = (SELECT docid FROM search_doc WHERE itemId = old.id);
          DELETE FROM search_doc WHERE itemId = old.id;
        END
        """,
        "INSERT INTO search_doc (itemId) SELECT id FROM item",
        """
        INSERT INTO item_search (rowid, title, caption, tags, body)
          SELECT search_doc.docid, item.title, item.caption, item.tags, \(body("item"))
          FROM item JOIN search_doc ON search_doc.itemId = item.id
        """,
    ]

    /// PostgreSQL's accent folding: the `unaccent` extension's function and dictionary, named with their schema so that
    /// a store in any schema of the database finds them.
    static func unaccented(_ text: String) -> String {
        "public.unaccent('public.unaccent'::regdictionary, \(text))"
    }

    /// PostgreSQL: text as words the way a query is split (``SearchQuery/words(in:)``): its punctuation made spaces,
    /// so that the parser reads an address or a dotted name as its words, not as one URL or host token.
    static func spaced(_ text: String) -> String {
        "regexp_replace(\(text), '[[:punct:]]+', ' ', 'g')"
    }

    /// PostgreSQL: a tsvector of the same texts (the `simple` configuration over `unaccent`), set by a trigger before
    /// each row is written, with a GIN index; set for the items already kept. The extension is made once for the
    /// database, in its `public` schema (stores in two schemas migrating at once may both try: one of them does).
    public static let postgresMigration = [
        """
        DO $$ BEGIN
          CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
        EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
        END $$
        """,
        "ALTER TABLE item ADD COLUMN searchText tsvector",
        """
        CREATE FUNCTION item_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.searchText := to_tsvector('simple'::regconfig, \(unaccented(spaced("""
            coalesce(NEW.title, '') || ' ' || coalesce(NEW.caption, '') || ' ' || coalesce(NEW.tags, '') || ' '
            || \(body("NEW"))
            """))));
          RETURN NEW;
        END
        $$
        """,
        """
        CREATE TRIGGER item_search_text
        BEFORE INSERT OR UPDATE OF title, caption, tags, text, pageDescription, siteName, sourceURL ON item
        FOR EACH ROW EXECUTE FUNCTION item_search_text()
        """,
        "UPDATE item SET title = title",
        "CREATE INDEX item_search ON item USING GIN (searchText)",
    ]
}
