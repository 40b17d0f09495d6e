#ifndef SHELFMARK_CCRYPTO_SHIM_H
#define SHELFMARK_CCRYPTO_SHIM_H
// OpenSSL 3 marks the one-algorithm calls (SHA256_Init/Update/Final) deprecated in favour of EVP, but
// keeps them: they reach the same SHA-NI/AVX2 block functions with no provider lookup per call, and
// their context is a plain struct, so a Swift digest can stay a copyable value with nothing to free.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
#endif
