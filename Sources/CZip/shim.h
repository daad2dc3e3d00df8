// libzip (dotLottie archives) and zlib (gzip'd Telegram stickers) for Swift, from Debian's libzip-dev and
// zlib1g-dev. Both APIs import cleanly except the macros wrapped below.
#ifndef CZIP_SHIM_H
#define CZIP_SHIM_H

#include <zip.h>
#include <zlib.h>

// `inflateInit2` is a function-like macro (it passes ZLIB_VERSION and sizeof(z_stream) to `inflateInit2_` so
// zlib can check the caller was compiled against a compatible header); Swift cannot call macros, so this
// wrapper expands it in C. `windowBits` 15 + 16 makes zlib expect a gzip header and trailer.
static inline int CZip_inflateInit2(z_streamp stream, int windowBits) {
  return inflateInit2(stream, windowBits);
}

#endif
