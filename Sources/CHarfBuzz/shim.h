// Text shaping for Swift: HarfBuzz (glyphs, advances, offsets, kerning, ligatures) on FreeType faces,
// fribidi (the Unicode bidirectional algorithm) and fontconfig (finding fonts and fallbacks), for the
// TextLayout module, which sees no Cairo. Line breaking (ICU) is the separate C target CLineBreak.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
#include <fribidi.h>
#include <fontconfig/fontconfig.h>

// FreeType's FT_HAS_COLOR is a macro over the face flags: whether the face has colour glyphs (CBDT, sbix,
// COLR), which are drawn as images rather than filled outlines.
static inline int CHarfBuzz_faceHasColor(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }

// FT_IS_SCALABLE is a macro too: bitmap-only faces (CBDT emoji) have fixed strikes instead of outlines.
static inline int CHarfBuzz_faceIsScalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

// fribidi's paragraph directions are macros over macros (FRIBIDI_PAR_ON is FRIBIDI_TYPE_ON_VAL, a mask
// expression) that Swift does not import: "auto", the direction of the first strong character (left to
// right when there is none), as browsers do for dir="auto" and After Effects for a paragraph.
static const FriBidiParType CHarfBuzz_paragraphAuto = FRIBIDI_PAR_ON;
