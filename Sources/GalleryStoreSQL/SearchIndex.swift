/// The full-text index of items, written by triggers in the transaction of every change to what it holds — an item's
/// title, caption, tags, a note's text, a link's description, site and visible text, the text read in an image, and
/// the address it came from — so that what is saved is found at once. Trashed items stay in it; searches leave them
/// out (a restored item is found again).
public enum SearchIndex {
    /// What is searched besides the title, caption and tags (the one list of it: the triggers are made from it).
    static let bodyColumns = ["text", "pageDescription", "siteName", "sourceURL", "pageText", "imageText"]
    /// The body's columns as migration v19 (PostgreSQL's v11) indexed them, before pages' and images' text: a
    /// migration stays what it was when it ran.
    static let firstBodyColumns = ["text", "pageDescription", "siteName", "sourceURL"]

    /// What is searched besides the title, caption and tags, as one text (`row` names the item's row).
    static func body(_ row: String, columns: [String] = bodyColumns) -> String {
        columns.map { "coalesce(\(row).\($0), '')" }.joined(separator: " || ' ' || ")
    }

    /// The item columns whose change rewrites its entry.
    static func indexedColumns(_ body: [String]) -> String {
        (["title", "caption", "tags"] + body).joined(separator: ", ")
    }

    /// SQLite: FTS5 over the item's texts (diacritics removed, prefix indexes of 2 and 3 characters). Its rows are
    /// numbered by `search_doc`, whose integer keys, unlike the item table's row ids, survive a VACUUM. The items
    /// already kept are indexed after it, in the background, a batch at a time (``sqliteNumberingBatch``, ``sqliteIndexingBatch``): an item
    /// without a `search_doc` row is not indexed yet (the triggers leave it so).
    public static let sqliteMigration =
        [
            "CREATE TABLE search_doc (docid INTEGER PRIMARY KEY, itemId TEXT NOT NULL UNIQUE)",
            """
            CREATE VIRTUAL TABLE item_search USING fts5(
              title, caption, tags, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')
            """,
        ] + sqliteWritingTriggers(firstBodyColumns)
        + [
            """
            CREATE TRIGGER item_search_delete AFTER DELETE ON item BEGIN
              DELETE FROM item_search WHERE rowid = (SELECT docid FROM search_doc WHERE itemId = old.id);
              DELETE FROM search_doc WHERE itemId = old.id;
            END
            """
        ]

    /// SQLite, migration v24: what a search filters a match by (its gallery, kind, date, whether it is trashed) read
    /// from one small index instead of the item's row: a search walks up to 2,000 matches, each looked up by its id.
    public static let sqliteFiltersMigration =
        "CREATE INDEX item_search_filter ON item(id, galleryId, trashedAt, kind, createdAt)"

    /// What a search filters a match by, kept in `search_doc` beside its number (migration v25), with the item's types.
    static let filterColumns = ["galleryId", "trashedAt", "kind", "createdAt"]

    /// SQLite, migration v25: what a search filters a match by is kept in `search_doc`, whose rows are in the index's
    /// order, so that the walk of a common word's newest matches reads a few neighbouring pages instead of one page
    /// of an index of item ids (random) per match: over a million items those lookups were a third of a search. A
    /// trigger keeps them as an item moves to another gallery, goes to the trash and back, or becomes what it loaded
    /// as; v24's index is no longer read. An item is indexed again only when its text changes.
    public static let sqliteFiltersBesideMigration =
        zip(filterColumns, ["TEXT", "DATETIME", "TEXT", "DATETIME"]).map {
            "ALTER TABLE search_doc ADD COLUMN \($0) \($1)"
        }
        + [
            """
            UPDATE search_doc SET \(filterColumns.map { "\($0) = item.\($0)" }.joined(separator: ", "))
            FROM item WHERE item.id = search_doc.itemId
            """,
            "DROP INDEX item_search_filter",
            "DROP TRIGGER item_search_insert",
            sqliteInsertTrigger(bodyColumns, filters: filterColumns, sizes: false),
            "DROP TRIGGER item_search_update",
            sqliteUpdateTrigger(bodyColumns, whenChanged: true, sizes: false),
            """
            CREATE TRIGGER item_search_filters AFTER UPDATE OF \(filterColumns.joined(separator: ", ")) ON item
            WHEN \(filterColumns.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")) BEGIN
              UPDATE search_doc SET \(filterColumns.map { "\($0) = new.\($0)" }.joined(separator: ", "))
              WHERE itemId = new.id;
            END
            """,
        ]

    /// SQLite, migration v26: each match's length in tokens (its entry of FTS5's docsize table, `sizes`) is kept in
    /// `search_doc` too, beside what it is filtered by, and handed to the rank function: FTS5 would look it up by rowid,
    /// a page read at random per match: over a million items, 20 to 43 % of a search's walk of its matches.
    public static let sqliteSizesBesideMigration = [
        "ALTER TABLE search_doc ADD COLUMN sizes BLOB",
        sqliteSizesCopied(where: ""),
        "DROP TRIGGER item_search_insert",
        sqliteInsertTrigger(bodyColumns, filters: filterColumns, sizes: true),
        "DROP TRIGGER item_search_update",
        sqliteUpdateTrigger(bodyColumns, whenChanged: true, sizes: true),
    ]

    /// SQLite, migration v20: the page's visible text and the text read in an image are searched too; the triggers
    /// that write the index are made again with them, and the items already kept are indexed again in the
    /// background (the index is emptied).
    public static let sqliteTextsMigration =
        ["DROP TRIGGER item_search_insert", "DROP TRIGGER item_search_update"] + sqliteWritingTriggers(bodyColumns)
        + ["DELETE FROM item_search", "DELETE FROM search_doc"]

    /// SQLite: the triggers that index an item as it is added and as what is searched of it changes.
    static func sqliteWritingTriggers(_ columns: [String]) -> [String] {
        [
            sqliteInsertTrigger(columns, filters: [], sizes: false),
            sqliteUpdateTrigger(columns, whenChanged: false, sizes: false),
        ]
    }

    /// SQLite: the trigger that indexes an item again as what is searched of it (`columns` of the body) is written;
    /// `whenChanged`: only when that text changes (v25), not when a column is written with what it held, or a
    /// missing text is recorded as empty (the text read in an image without any, for each item showing it); `sizes`:
    /// the entry's sizes are copied into `search_doc` (v26).
    static func sqliteUpdateTrigger(_ columns: [String], whenChanged: Bool, sizes: Bool) -> String {
        let changed =
            ["title", "caption", "tags"].map { "old.\($0) IS NOT new.\($0)" }
            + ["(\(body("old", columns: columns))) IS NOT (\(body("new", columns: columns)))"]
        return """
            CREATE TRIGGER item_search_update AFTER UPDATE OF \(indexedColumns(columns)) ON item
            \(whenChanged ? "WHEN " + changed.joined(separator: " OR ") + " " : "")BEGIN
              DELETE FROM item_search WHERE rowid = (SELECT docid FROM search_doc WHERE itemId = old.id);
              INSERT INTO item_search (rowid, title, caption, tags, body)
                SELECT docid, new.title, new.caption, new.tags, \(body("new", columns: columns))
                FROM search_doc WHERE itemId = new.id;
            \(sizes ? sqliteSizesCopiedInTrigger : "")END
            """
    }

    /// SQLite: the trigger that numbers an item in `search_doc` (with what a search filters it by, `filters`) and
    /// indexes its texts (`columns` of the body) as it is added; `sizes`: the entry's sizes are copied into
    /// `search_doc` (v26).
    static func sqliteInsertTrigger(_ columns: [String], filters: [String], sizes: Bool) -> String {
        """
        CREATE TRIGGER item_search_insert AFTER INSERT ON item BEGIN
          INSERT INTO search_doc (\((["itemId"] + filters).joined(separator: ", ")))
            VALUES (\((["id"] + filters).map { "new.\($0)" }.joined(separator: ", ")));
          INSERT INTO item_search (rowid, title, caption, tags, body)
            SELECT docid, new.title, new.caption, new.tags, \(body("new", columns: columns))
            FROM search_doc WHERE itemId = new.id;
        \(sizes ? sqliteSizesCopiedInTrigger : "")END
        """
    }

    /// SQLite: numbers in `search_doc` a batch of items not indexed yet: those after an id, in id order, up to a count.
    static let sqliteNumberingBatch = """
        INSERT INTO search_doc (itemId, \(filterColumns.joined(separator: ", ")))
          SELECT id, \(filterColumns.joined(separator: ", ")) FROM item
          WHERE id > ? AND NOT EXISTS (SELECT 1 FROM search_doc WHERE itemId = item.id)
          ORDER BY id LIMIT ?
        """

    /// SQLite: indexes the items numbered in `search_doc` after a docid (those ``sqliteNumberingBatch`` just numbered).
    static let sqliteIndexingBatch = """
        INSERT INTO item_search (rowid, title, caption, tags, body)
          SELECT search_doc.docid, item.title, item.caption, item.tags, \(body("item"))
          FROM search_doc JOIN item ON item.id = search_doc.itemId WHERE search_doc.docid > ?
        """

    /// SQLite: copies into `search_doc` the sizes of the entries ``sqliteIndexingBatch`` just wrote (after a docid).
    static let sqliteSizingBatch = sqliteSizesCopied(where: " AND search_doc.docid > ?")

    /// SQLite, in a trigger: copies the sizes FTS5 just wrote for item `new.id` into its row of `search_doc`.
    static let sqliteSizesCopiedInTrigger = sqliteSizesCopied(where: " AND search_doc.itemId = new.id") + ";\n"

    /// SQLite: copies into the rows of `search_doc` (those of a `condition` too) the sizes of their entries.
    static func sqliteSizesCopied(where condition: String) -> String {
        """
        UPDATE search_doc SET sizes = item_search_docsize.sz
        FROM item_search_docsize WHERE item_search_docsize.id = search_doc.docid\(condition)
        """
    }

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
    /// each row is written, with a GIN index. The items already kept (`searchText` null) are indexed after it, in the
    /// background, a batch at a time (``postgresIndexingBatch``). The extension is made once for the
    /// database, in its `public` schema (stores in two schemas migrating at once may both try: one of them does).
    public static let postgresMigration = [
        """
        DO $$ BEGIN
          CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
        EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
        END $$
        """,
        "ALTER TABLE item ADD COLUMN searchText tsvector",
        postgresFunction(firstBodyColumns, replacing: false),
        postgresTrigger(firstBodyColumns),
        "CREATE INDEX item_search ON item USING GIN (searchText)",
    ]

    /// PostgreSQL, migration v12: the page's visible text and the text read in an image are searched too; the
    /// function and trigger that write the vector are made again with them. The vectors kept stay right: the new
    /// columns are empty yet.
    public static let postgresTextsMigration = [
        postgresFunction(bodyColumns, replacing: true),
        "DROP TRIGGER item_search_text ON item",
        postgresTrigger(bodyColumns),
    ]

    /// PostgreSQL: indexes a batch of items not indexed yet (the trigger sets the vector of a row whose title is
    /// written): those after an id, in id order, up to a count; returns their ids.
    static let postgresIndexingBatch = """
        UPDATE item SET title = title WHERE id IN (
          SELECT id FROM item WHERE id > ? AND searchText IS NULL ORDER BY id LIMIT ?)
        RETURNING id
        """

    /// PostgreSQL: the function that sets an item's vector from its texts.
    static func postgresFunction(_ columns: [String], replacing: Bool) -> String {
        """
        CREATE \(replacing ? "OR REPLACE " : "")FUNCTION item_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.searchText := to_tsvector('simple'::regconfig, \(unaccented(spaced("""
            coalesce(NEW.title, '') || ' ' || coalesce(NEW.caption, '') || ' ' || coalesce(NEW.tags, '') || ' '
            || \(body("NEW", columns: columns))
            """))));
          RETURN NEW;
        END
        $$
        """
    }

    /// PostgreSQL: the trigger that runs ``postgresFunction(_:replacing:)`` before an item is added or what is searched
    /// of it changes.
    static func postgresTrigger(_ columns: [String]) -> String {
        """
        CREATE TRIGGER item_search_text
        BEFORE INSERT OR UPDATE OF \(indexedColumns(columns)) ON item
        FOR EACH ROW EXECUTE FUNCTION item_search_text()
        """
    }
}
