/* grid.h: the geometry of the compiled rulesets' rectangular boards (header only).
 *
 * A board of at most 64 cells on an h x w rectangle is a 64-bit set: cell
 * (r, c) is bit r * w + c.  The Domineering and Cram solver (shortgame.c) and
 * the stone boards (boards.h: Clobber, Konane, Fission, Amazons) use these,
 * and only these, to split a board into its regions, crop a region to its
 * bounding box and find its least image over the symmetries of the rectangle.
 * Each function mirrors a Python one (cgt/games/grid.py and board.py):
 *
 *   grid_make_frame  grid.masks: the cells, those off the first column, off the last;
 *   grid_grow        one step of the flood fills below;
 *   grid_component   the flood fill of grid.split_components (4 neighbours) and
 *                    of board._bit_regions (8 neighbours when the rules say so),
 *                    with its shortcut for a whole rectangle;
 *   grid_box_of      grid.crop, and the crop of board._bit_key;
 *   grid_images      the eight images of a region: those grid.normal_form
 *                    ranks, and in the order of board._lane_tables' lanes;
 *   grid_least       the least of those images, as grid.normal_form's and
 *                    board._bit_key's min: by shape (fewer rows first), then
 *                    by the sets' bits in the order given.
 *
 * The C keys (cell bits here) are not the Python encodings (grid.normal_form
 * packs rows from the top; board._bit_key interleaves two bits a cell), which
 * rank the images in other orders, so the two may choose different images of
 * a region as its key; they agree on which regions share a key, and on the
 * sign: the kernel's grid_key and stone_key expose the C keys, and
 * tests/test_kernel_geometry.py checks them against their definition and the
 * Python keys.  The kernel's tables are keyed on the C keys (no store holds
 * them), and these functions give the keys of the code they replaced bit for
 * bit.
 */
#ifndef CGT_GRID_H
#define CGT_GRID_H

#include <stdint.h>

#include "bits.h"

/* An h x w rectangle: its cells, and those not in the first or last column. */
typedef struct {
    int h, w;
    uint64_t full, not_first, not_last;
} grid_frame;

static void grid_make_frame(grid_frame *f, int h, int w)
{
    int n = h * w;
    f->h = h;
    f->w = w;
    f->full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    uint64_t first = 0, last = 0;
    for (int r = 0; r < h; r++) {
        first |= (uint64_t)1 << (r * w);
        last |= (uint64_t)1 << (r * w + w - 1);
    }
    f->not_first = f->full & ~first;
    f->not_last = f->full & ~last;
}

/* s and the cells next to it (at corners too when `diagonal`), within `within`. */
static inline uint64_t grid_grow(const grid_frame *f, uint64_t s, uint64_t within, int diagonal)
{
    uint64_t side = s | ((s << 1) & f->not_first) | ((s >> 1) & f->not_last);
    uint64_t up_down = diagonal ? side : s;
    return (side | shl64(up_down, f->w) | shr64(up_down, f->w)) & within;
}

/* The cells of `within` connected to `seed` (a part of it).  A whole rectangle
 * is one region.  `enough` (0: none) are cells the caller knows to connect all
 * of `within` once the fill has reached every one of them (the neighbours of a
 * domino just taken off a connected board): the fill then stops there. */
static inline uint64_t grid_component(const grid_frame *f, uint64_t seed, uint64_t within,
                                      int diagonal, uint64_t enough)
{
    if (within == f->full)
        return within;
    uint64_t comp = seed;
    for (;;) {
        uint64_t grow = grid_grow(f, comp, within, diagonal);
        if (grow == comp)
            return comp;
        if (enough && (grow & enough) == enough)
            return within;
        comp = grow;
    }
}

/* The bounding box of a non-empty set on a board of width w. */
typedef struct {
    int r0, c0, h, w;
} grid_box;

static inline void grid_box_of(int w, uint64_t set, grid_box *b)
{
    int r0 = 64, r1 = -1, c0 = 64, c1 = -1;
    for (uint64_t s = set; s; s &= s - 1) {
        int p = ctz64(s), r = p / w, c = p % w;
        if (r < r0)
            r0 = r;
        if (r > r1)
            r1 = r;
        if (c < c0)
            c0 = c;
        if (c > c1)
            c1 = c;
    }
    b->r0 = r0;
    b->c0 = c0;
    b->h = r1 - r0 + 1;
    b->w = c1 - c0 + 1;
}

/* The symmetries of a b.h x b.w box, as images 0 to 7: */
#define GRID_PLAIN 1      /* 0-3: the identity, columns mirrored, rows mirrored, the half turn */
#define GRID_TRANSPOSED 2 /* 4-7: the transposes of those (b.w rows of b.h cells) */

/* The shape (rows << 8 | columns) of image i of a box of h rows and w columns. */
static inline uint16_t grid_shape(int h, int w, int i)
{
    return (uint16_t)(i < 4 ? (h << 8) | w : (w << 8) | h);
}

/* Images of n sets (on a board of width w; n <= GRID_MAX_SETS), cropped to
 * the box b: out[j][i] is image i of set j, for the images `which` asks for
 * (the others are 0).  Every set's cells are among those of in[0]. */
#define GRID_MAX_SETS 3

/* grid_images' walk over the cells, for constant `plain` and `turned` (each
 * call below is compiled on its own, without the two tests in its loop) */
static inline void grid_walk(int w, const grid_box *b, int n, const uint64_t *set, int plain,
                             int turned, uint64_t (*out)[8])
{
    const int h2 = b->h, w2 = b->w;
    for (uint64_t s = set[0]; s; s &= s - 1) {
        int p = ctz64(s), r = p / w - b->r0, c = p % w - b->c0;
        int rr = h2 - 1 - r, cc = w2 - 1 - c;
        uint64_t bit = (uint64_t)1 << p;
        for (int j = 0; j < n; j++) {
            if (j && !(set[j] & bit))
                continue;
            if (plain) {
                out[j][0] |= (uint64_t)1 << (r * w2 + c);
                out[j][1] |= (uint64_t)1 << (r * w2 + cc);
                out[j][2] |= (uint64_t)1 << (rr * w2 + c);
                out[j][3] |= (uint64_t)1 << (rr * w2 + cc);
            }
            if (turned) { /* (r, c) -> (c, r) in a w2 x h2 box */
                out[j][4] |= (uint64_t)1 << (c * h2 + r);
                out[j][5] |= (uint64_t)1 << (c * h2 + rr);
                out[j][6] |= (uint64_t)1 << (cc * h2 + r);
                out[j][7] |= (uint64_t)1 << (cc * h2 + rr);
            }
        }
    }
}

static inline void grid_images(int w, const grid_box *b, int n, const uint64_t *in, int which,
                               uint64_t (*out)[8])
{
    uint64_t set[GRID_MAX_SETS]; /* (a copy: a store to out might change in[], for all C knows) */
    for (int j = 0; j < n; j++) {
        set[j] = in[j];
        for (int i = 0; i < 8; i++)
            out[j][i] = 0;
    }
    if (which == GRID_PLAIN)
        grid_walk(w, b, n, set, 1, 0, out);
    else if (which == GRID_TRANSPOSED)
        grid_walk(w, b, n, set, 0, 1, out);
    else
        grid_walk(w, b, n, set, 1, 1, out);
}

/* Compare the sets of image i (read in the order oi: NULL for 0, 1, ...) with
 * those of image j (in the order oj), set by set.  Negative, 0 or positive. */
static inline int grid_sets_cmp(int n, uint64_t (*img)[8], int i, const int *oi, int j,
                                const int *oj)
{
    for (int k = 0; k < n; k++) {
        uint64_t a = img[oi ? oi[k] : k][i], b = img[oj ? oj[k] : k][j];
        if (a != b)
            return a < b ? -1 : 1;
    }
    return 0;
}

/* Compare images i and j (as grid_sets_cmp) of a box of h rows and w columns:
 * by shape first (fewer rows first), then by their sets. */
static inline int grid_image_cmp(int n, uint64_t (*img)[8], int h, int w, int i, const int *oi,
                                 int j, const int *oj)
{
    if ((i < 4) != (j < 4) && h != w) /* shapes h x w and w x h */
        return (i < 4) == (h < w) ? -1 : 1;
    return grid_sets_cmp(n, img, i, oi, j, oj);
}

/* The least of the images `which` asks for (the first of equal ones), its
 * sets read in the order `order` (NULL: 0, 1, ...). */
static inline int grid_least(int n, uint64_t (*img)[8], int h, int w, int which, const int *order)
{
    int best = -1;
    for (int g = 0; g < 8; g += 4) {
        if (!(which & (g ? GRID_TRANSPOSED : GRID_PLAIN)))
            continue;
        int m = g; /* the least of this shape */
        for (int i = g + 1; i < g + 4; i++)
            if (grid_sets_cmp(n, img, i, order, m, order) < 0)
                m = i;
        if (best < 0 || grid_image_cmp(n, img, h, w, m, order, best, order) < 0)
            best = m;
    }
    return best;
}

#endif /* CGT_GRID_H */
