#include "CSearchRank.h"

#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

// Search ranks its matches with FTS5's bm25 (k1 1.2, b 0.75, column weights, lower is better), split in two functions
// so that how many documents hold each phrase is found once per search, not once per cursor:
// - gallery_rank_idf(table, firstRowid, lastRowid), on any one match, tells "rows hits idf..." as text: the rows of
//   the index, the fewest documents any phrase is in, and each phrase's inverse document frequency (× 10^12). bm25() counts
//   each phrase's documents over the whole table, which for a common word of a million-item index is most of a
//   search's time; here they are counted from the oldest row up to GALLERY_RANK_COUNTED_HITS, and past that
//   estimated from how far through the rowids [firstRowid, lastRowid] those hits reached.
// - gallery_rank(table, idf, sizes, weight...) is bm25 with those frequencies. A search that looks its items' rows up
//   one by one (a small gallery in a large index) opens a cursor per row, and bm25() would count the phrases again in
//   each. `sizes` is the row's entry of the table's docsize table (each column's length in tokens, as varints), when
//   the caller has it at hand (search_doc keeps a copy): FTS5 would look it up by rowid, a page read at random per
//   match: over a million items, 20 to 43 % of a search's walk. NULL: FTS5 looks it up.
// Below the cap the score is bm25's exactly.

// Frequencies are told as integers in millionths of millionths (text, not doubles: no locale reads them).
#define IDF_SCALE 1e12

typedef struct {
    sqlite3_int64 hits;
    sqlite3_int64 lastRowid;
} Counted;

static int countHit(const Fts5ExtensionApi *api, Fts5Context *fts, void *user) {
    Counted *counted = user;
    counted->hits += 1;
    if (counted->hits < GALLERY_RANK_COUNTED_HITS) return SQLITE_OK;
    counted->lastRowid = api->xRowid(fts);
    return SQLITE_DONE;  // xQueryPhrase stops and returns SQLITE_OK
}

static void idfFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count,
                        sqlite3_value **values) {
    if (count != 2) {
        sqlite3_result_error(context, "gallery_rank_idf needs the table's first and last rowids", -1);
        return;
    }
    sqlite3_int64 first = sqlite3_value_int64(values[0]), last = sqlite3_value_int64(values[1]);
    sqlite3_int64 rows = 0;
    int rc = api->xRowCount(fts, &rows);
    int phrases = api->xPhraseCount(fts);
    sqlite3_str *text = sqlite3_str_new(0);
    double fewest = (double)rows;
    for (int i = 0; rc == SQLITE_OK && i < phrases; i++) {
        Counted counted = {0, 0};
        rc = api->xQueryPhrase(fts, i, &counted, countHit);
        double hits = (double)counted.hits;
        if (counted.hits >= GALLERY_RANK_COUNTED_HITS && counted.lastRowid >= first && last > first) {
            double walked = (double)(counted.lastRowid - first + 1) / (double)(last - first + 1);
            hits = fmin((double)rows, hits / walked);
        }
        fewest = fmin(fewest, hits);
        double idf = log(((double)rows - hits + 0.5) / (hits + 0.5));
        sqlite3_str_appendf(text, " %lld", (long long)llround((idf <= 0.0 ? 1e-6 : idf) * IDF_SCALE));
    }
    char *idfs = sqlite3_str_finish(text);
    if (rc == SQLITE_OK && idfs) {
        char *answer = sqlite3_mprintf("%lld %lld%s", rows, (long long)llround(fewest), idfs);
        if (answer) {
            sqlite3_result_text(context, answer, -1, sqlite3_free);
        } else {
            sqlite3_result_error_nomem(context);
        }
    } else {
        sqlite3_result_error_code(context, idfs ? rc : SQLITE_NOMEM);
    }
    sqlite3_free(idfs);
}

// Reads one varint (SQLite's format, which FTS5 writes: 7 bits a byte, high bit set on all but the last, a 9th byte
// of 8 bits) from at most `bytes` bytes; returns how many it took, 0 when they end first.
static int readVarint(const unsigned char *bytesAt, int bytes, sqlite3_uint64 *value) {
    sqlite3_uint64 read = 0;
    for (int i = 0; i < 9 && i < bytes; i++) {
        if (i == 8) {
            *value = (read << 8) | bytesAt[i];
            return 9;
        }
        read = (read << 7) | (bytesAt[i] & 0x7f);
        if (!(bytesAt[i] & 0x80)) {
            *value = read;
            return i + 1;
        }
    }
    return 0;
}

// The document's length in tokens: the sum of the first `columns` varints of `sizes`, an entry of FTS5's docsize
// table; -1 when it holds fewer.
static sqlite3_int64 lengthOf(const unsigned char *sizes, int bytes, int columns) {
    sqlite3_int64 total = 0;
    for (int column = 0, at = 0; column < columns; column++) {
        sqlite3_uint64 value = 0;
        int used = sizes ? readVarint(sizes + at, bytes - at, &value) : 0;
        if (!used) return -1;
        at += used;
        total += (sqlite3_int64)value;
    }
    return total;
}

static void rankFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int count,
                         sqlite3_value **values) {
    const double k1 = 1.2, b = 0.75;
    int phrases = api->xPhraseCount(fts);
    if (count < 2 || phrases > 64) {
        sqlite3_result_error(context,
                             "gallery_rank needs gallery_rank_idf's text and the row's sizes or NULL (and at most 64 "
                             "phrases)",
                             -1);
        return;
    }
    // The text of gallery_rank_idf: the rows, the fewest hits, then one frequency per phrase.
    double idf[64];
    const char *cursor = (const char *)sqlite3_value_text(values[0]);
    char *end = 0;
    int read = 0;
    for (int i = 0; cursor && i < phrases + 2; i++, read++) {
        long long value = strtoll(cursor, &end, 10);
        if (end == cursor) break;
        if (i >= 2) idf[i - 2] = (double)value / IDF_SCALE;
        cursor = end;
    }
    if (read != phrases + 2) {
        sqlite3_result_error(context, "gallery_rank: the frequencies are not those of this search", -1);
        return;
    }
    sqlite3_int64 rows = 0, tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    double averageLength = rows > 0 && tokens > 0 ? (double)tokens / (double)rows : 1.0;
    int weights = count - 2;
    sqlite3_value **weight = values + 2;
    double frequencies[64];
    memset(frequencies, 0, sizeof(frequencies));
    int instances = 0;
    if (rc == SQLITE_OK) rc = api->xInstCount(fts, &instances);
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase, column, offset;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK) frequencies[phrase] += column < weights ? sqlite3_value_double(weight[column]) : 1.0;
    }
    sqlite3_int64 length = -1;
    if (sqlite3_value_type(values[1]) == SQLITE_BLOB) {
        length = lengthOf(sqlite3_value_blob(values[1]), sqlite3_value_bytes(values[1]), api->xColumnCount(fts));
    }
    if (length < 0 && rc == SQLITE_OK) {
        int counted = 0;
        rc = api->xColumnSize(fts, -1, &counted);
        length = counted;
    }
    double score = 0.0;
    for (int i = 0; rc == SQLITE_OK && i < phrases; i++) {
        score += idf[i] * (frequencies[i] * (k1 + 1.0)) /
                 (frequencies[i] + k1 * (1 - b + b * (double)length / averageLength));
    }
    if (rc == SQLITE_OK) {
        sqlite3_result_double(context, -1.0 * score);
    } else {
        sqlite3_result_error_code(context, rc);
    }
}

int gallery_register_rank(struct sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    rc = api->xCreateFunction(api, "gallery_rank_idf", 0, idfFunction, 0);
    if (rc != SQLITE_OK) return rc;
    return api->xCreateFunction(api, "gallery_rank", 0, rankFunction, 0);
}
