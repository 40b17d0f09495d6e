#ifndef SHELFMARK_CCURL_SHIM_H
#define SHELFMARK_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_multi_setopt are variadic, which Swift cannot call: one typed
// wrapper per argument kind.
static inline CURLcode shelfmark_curl_set_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode shelfmark_curl_set_ptr(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode shelfmark_curl_set_str(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode shelfmark_curl_set_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }

typedef size_t (*shelfmark_curl_data_cb)(char *, size_t, size_t, void *);
static inline CURLcode shelfmark_curl_set_write(CURL *h, shelfmark_curl_data_cb f) {
  return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
}
static inline CURLcode shelfmark_curl_set_header(CURL *h, shelfmark_curl_data_cb f) {
  return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
}
static inline CURLMcode shelfmark_curlm_set_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

static inline long shelfmark_curl_status(CURL *h) {
  long code = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
  return code;
}
static inline long shelfmark_curl_os_errno(CURL *h) {
  long e = 0;
  curl_easy_getinfo(h, CURLINFO_OS_ERRNO, &e);
  return e;
}
static inline void *shelfmark_curl_private(CURL *h) {
  char *p = NULL;
  curl_easy_getinfo(h, CURLINFO_PRIVATE, &p);
  return p;
}
static inline CURL *shelfmark_curlmsg_handle(CURLMsg *m) { return m->easy_handle; }
static inline int shelfmark_curlmsg_done(CURLMsg *m) { return m->msg == CURLMSG_DONE; }
static inline CURLcode shelfmark_curlmsg_result(CURLMsg *m) { return m->data.result; }
#endif
