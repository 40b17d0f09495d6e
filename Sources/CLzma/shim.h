#ifndef SHELFMARK_CLZMA_SHIM_H
#define SHELFMARK_CLZMA_SHIM_H
#include <lzma.h>

// The filter ids and the chain's end mark are macros Swift cannot import, so the one chain a
// lineage file uses (LZMA2 with the options Swift chose) is put together here.
static inline lzma_ret shelfmark_xz_encode(
    const lzma_options_lzma *options, const uint8_t *in, size_t in_size,
    uint8_t *out, size_t *out_pos, size_t out_size) {
  lzma_filter filters[2] = {
    { .id = LZMA_FILTER_LZMA2, .options = (void *)options },
    { .id = LZMA_VLI_UNKNOWN, .options = NULL },
  };
  return lzma_stream_buffer_encode(filters, LZMA_CHECK_CRC64, NULL, in, in_size, out, out_pos, out_size);
}
#endif
