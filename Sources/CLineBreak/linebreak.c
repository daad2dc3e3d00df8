// ICU's C functions are renamed by macros to carry the library's version (`ubrk_open` is `ubrk_open_72`),
// which Swift cannot follow, and its headers clash with Foundation's own ICU copy: this file calls them by
// their plain names, so Swift sees one version-independent function.
#include "CLineBreak.h"
#include <unicode/ubrk.h>

int32_t CLineBreak_opportunities(
    const uint16_t *text, int32_t length, const char *locale, int32_t *breaks, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
  if (U_FAILURE(status) || iterator == NULL) return -1;
  int32_t count = 0;
  ubrk_first(iterator);
  for (int32_t position = ubrk_next(iterator); position != UBRK_DONE && count < capacity;
       position = ubrk_next(iterator)) {
    breaks[count++] = position;
  }
  ubrk_close(iterator);
  return count;
}
