#ifndef SHELFMARK_CSQLITE_SHIM_H
#define SHELFMARK_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import.
static inline sqlite3_destructor_type shelfmark_sqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline int shelfmark_sqlite_bind_text(sqlite3_stmt *s, int i, const char *text, int n) {
  return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}
static inline int shelfmark_sqlite_bind_blob(sqlite3_stmt *s, int i, const void *b, int n) {
  return sqlite3_bind_blob(s, i, b, n, SQLITE_TRANSIENT);
}
#endif
