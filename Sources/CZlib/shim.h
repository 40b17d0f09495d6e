#ifndef SHELFMARK_CZLIB_SHIM_H
#define SHELFMARK_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro; zip entries are raw deflate streams, so windowBits is -MAX_WBITS.
static inline int shelfmark_inflate_init_raw(z_streamp strm) {
  return inflateInit2(strm, -MAX_WBITS);
}
static inline int shelfmark_inflate_init_gzip_or_zlib(z_streamp strm) {
  return inflateInit2(strm, MAX_WBITS + 32);
}
static inline int shelfmark_deflate_init_raw(z_streamp strm, int level) {
  return deflateInit2(strm, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
// WARC files are gzip members, one per record (windowBits 15 + 16 asks for a gzip header).
static inline int shelfmark_deflate_init_gzip(z_streamp strm, int level) {
  return deflateInit2(strm, level, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
