#ifndef CSEARCHRANK_H
#define CSEARCHRANK_H

struct sqlite3;

// The documents an FTS5 phrase is counted in before the rest are estimated (see rank.c).
#define GALLERY_RANK_COUNTED_HITS 4000

// Registers the FTS5 functions `gallery_rank_idf` and `gallery_rank` on a connection: rank.c says what it computes. Returns an SQLite
// result code (SQLITE_OK, 0, when done).
int gallery_register_rank(struct sqlite3 *db);

#endif
