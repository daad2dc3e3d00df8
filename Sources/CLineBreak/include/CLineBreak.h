#ifndef CLINEBREAK_H
#define CLINEBREAK_H
#include <stdint.h>

// Where a line may break in UTF-16 text, by the Unicode line breaking rules (UAX #14) with ICU's
// dictionaries for Thai, Lao, Khmer and Burmese, which have no spaces between words. Writes the offsets
// before which a line may break (after the first unit, up to and including `length`) into `breaks` and
// returns how many it found (at most `capacity`), or -1 when ICU cannot make a line breaker.
int32_t CLineBreak_opportunities(
    const uint16_t *text, int32_t length, const char *locale, int32_t *breaks, int32_t capacity);

#endif
