/*
 * Stone boards on at most 64 cells: Clobber, Konane, Fission and Amazons.
 * Included by shortgame.c (it uses the engine's nodes, canonical_form, add and
 * negate).  This mirrors the keyed rules of cgt/games/boards.py on bitboards:
 * the same moves (_bit_moves), the same independent regions (_bit_regions)
 * and keys that are the regions cropped and normalised over the symmetries
 * the rules allow, with the images that negate the value (the colours
 * swapped; in Fission the transposed board) marked by a sign.  The geometry
 * (the fill into regions, the crop, the images and the least of them) is
 * grid.h's, shared with Domineering and Cram.
 *
 * A board is three 64-bit sets on an h x w rectangle, bit r * w + c for row
 * r, column c: the x stones, the o stones and the squares (x, o or empty).
 */

enum { K_CLOBBER, K_KONANE, K_FISSION, K_AMAZONS, K_KINDS };

typedef struct {
    uint64_t x, o, sq;
} stones;

static inline uint32_t stones_hash(stones s, uint16_t hw)
{
    return (uint32_t)mix64(s.x * 0x9e3779b97f4a7c15ULL ^ mix64(s.o + 0x632be59bd9b4e019ULL) ^
                           (s.sq * 0xc2b2ae3d27d4eb4fULL) ^ hw);
}

static inline int stones_same(stones a, stones b)
{
    return a.x == b.x && a.o == b.o && a.sq == b.sq;
}

/* (stones, (h << 8) | w) -> int32 values */
typedef struct {
    stones s;
    int32_t val;
    uint16_t hw; /* 0: an empty slot */
} stonetab_entry;

typedef struct {
    stones s;
    uint16_t hw;
} stonetab_key;

#define ST_HASH(k) stones_hash((k).s, (k).hw)
#define ST_SAME(e, k) ((e)->hw == (k).hw && stones_same((e)->s, (k).s))
#define ST_USED(e) ((e)->hw != 0)
#define ST_SET(e, k) ((e)->s = (k).s, (e)->hw = (k).hw)
#define ST_ENTRY_HASH(e) stones_hash((e)->s, (e)->hw)
CGT_TABLE(stonetab, stonetab_entry, stonetab_key, 1u << 12, ST_HASH, ST_SAME, ST_USED, ST_SET,
          ST_ENTRY_HASH)
CGT_TABLE_VALUES(stonetab, stonetab_entry, stonetab_key, int32_t)

/* max_cap: slots, set by set_limit() in shortgame.c */
static stonetab t_stones[K_KINDS] = {
    {NULL, 0, 0, 1u << 18},
    {NULL, 0, 0, 1u << 18},
    {NULL, 0, 0, 1u << 18},
    {NULL, 0, 0, 1u << 18},
};
#define STONETAB_SLOT sizeof(stonetab_entry)

static size_t stonetab_bytes_of(int k)
{
    return stonetab_bytes(&t_stones[k]);
}

static int stonetabs_over(void)
{
    for (int k = 0; k < K_KINDS; k++)
        if (stonetab_over(&t_stones[k]))
            return 1;
    return 0;
}

static void stonetabs_free(void)
{
    for (int k = 0; k < K_KINDS; k++)
        stonetab_free(&t_stones[k]);
}

/* v shifted by d places towards the higher bits (d < 0: the lower); 0 when |d| >= 64. */
static inline uint64_t shift(uint64_t v, int d)
{
    return d >= 0 ? shl64(v, d) : shr64(v, -d);
}

/* The 8 steps of a queen (the first 4 orthogonal) and the cells a step may land on. */
typedef struct {
    int d[8];
    uint64_t m[8];
} steps;

static void make_steps(const grid_frame *f, steps *s)
{
    int w = f->w;
    int d[8] = {1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1};
    uint64_t m[8] = {f->not_first, f->not_last, f->full,      f->full,
                     f->not_first, f->not_last, f->not_first, f->not_last};
    for (int i = 0; i < 8; i++) {
        s->d[i] = d[i];
        s->m[i] = m[i];
    }
}

/* Crop a region (its squares in r.sq, on a board of width w) and normalise it
 * (grid.h, as board._bit_key): the least image under the symmetries the rules
 * keep, and whether that image is one of those that negate the value.  An
 * image is compared by its shape, then its squares, x stones and o stones. */
typedef struct {
    uint16_t hw;
    stones s;
} image;

static void stone_key(int kind, int w, stones r, image *key, int *neg)
{
    static const int swapped[3] = {0, 2, 1}; /* the colours swapped: o stones read as x */
    grid_box b;
    grid_box_of(w, r.sq, &b);
    uint64_t in[3] = {r.sq, r.x, r.o}, img[3][8];
    grid_images(w, &b, 3, in, GRID_PLAIN | GRID_TRANSPOSED, img);
    int plain, other;
    const int *order;
    if (kind == K_FISSION) {
        /* the reflections and the half turn keep the value; a transposed image negates it */
        plain = grid_least(3, img, b.h, b.w, GRID_PLAIN, NULL);
        other = grid_least(3, img, b.h, b.w, GRID_TRANSPOSED, NULL);
        order = NULL;
    } else {
        /* all 8 symmetries keep the value; swapping the colours negates it */
        plain = grid_least(3, img, b.h, b.w, GRID_PLAIN | GRID_TRANSPOSED, NULL);
        other = grid_least(3, img, b.h, b.w, GRID_PLAIN | GRID_TRANSPOSED, swapped);
        order = swapped;
    }
    *neg = grid_image_cmp(3, img, b.h, b.w, other, order, plain, NULL) < 0;
    int i = *neg ? other : plain;
    const int *o = *neg ? order : NULL;
    key->hw = grid_shape(b.h, b.w, i);
    key->s.sq = img[0][i];
    key->s.x = img[o ? o[1] : 1][i];
    key->s.o = img[o ? o[2] : 2][i];
}

/* A growing list of boards. */
typedef struct {
    stones *a;
    int n, cap;
} svec;

static int svec_push(svec *v, uint64_t x, uint64_t o, uint64_t sq)
{
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 32;
        stones *a = realloc(v->a, (size_t)cap * sizeof(stones));
        if (!a)
            return no_memory();
        v->a = a;
        v->cap = cap;
    }
    v->a[v->n].x = x;
    v->a[v->n].o = o;
    v->a[v->n].sq = sq;
    v->n++;
    return 0;
}

/* The boards after a move by Left (left != 0) or Right: as _bit_moves. */
static int stone_moves(int kind, const grid_frame *f, stones b, int left, svec *out)
{
    uint64_t mine = left ? b.x : b.o, theirs = left ? b.o : b.x;
    uint64_t empty = b.sq & ~(b.x | b.o);
    int start = out->n;
    if (kind == K_FISSION) {
        uint64_t cand;
        int step;
        if (left) {
            cand = b.x & shift(empty, -f->w) & shift(empty, f->w);
            step = f->w;
        } else {
            cand = b.x & ((empty >> 1) & f->not_last) & ((empty << 1) & f->not_first);
            step = 1;
        }
        for (; cand; cand &= cand - 1) {
            uint64_t s = cand & (~cand + 1);
            if (svec_push(out, (b.x ^ s) | shift(s, step) | shift(s, -step), 0, b.sq) < 0)
                return -1;
        }
        return 0;
    }
    steps st;
    make_steps(f, &st);
    if (kind == K_CLOBBER) {
        for (int k = 0; k < 4; k++) {
            int d = st.d[k];
            uint64_t m = st.m[k];
            /* the stones whose neighbour in direction d is the opponent's */
            for (uint64_t src = mine & shift(theirs & m, -d); src; src &= src - 1) {
                uint64_t s = src & (~src + 1), t = shift(s, d);
                if (svec_push(out, (mine ^ s) | t, theirs ^ t, b.sq) < 0)
                    return -1;
            }
        }
    } else if (kind == K_KONANE) {
        for (int k = 0; k < 4; k++) {
            int d = st.d[k];
            uint64_t m = st.m[k];
            for (uint64_t rest = mine; rest; rest &= rest - 1) {
                uint64_t s = rest & (~rest + 1), cur = s, gone = theirs;
                for (;;) {
                    uint64_t over = shift(cur, d) & m;
                    if (!(over & theirs))
                        break;
                    uint64_t land = shift(over, d) & m;
                    if (!(land & empty))
                        break;
                    gone ^= over;
                    if (svec_push(out, (mine ^ s) | land, gone, b.sq) < 0)
                        return -1;
                    cur = land;
                }
            }
        }
    } else { /* Amazons */
        for (uint64_t rest = mine; rest; rest &= rest - 1) {
            uint64_t s = rest & (~rest + 1), base = mine ^ s, free_ = empty | s;
            for (int k = 0; k < 8; k++) {
                int d = st.d[k];
                uint64_t m = st.m[k];
                for (uint64_t to = shift(s, d) & m; to & free_; to = shift(to, d) & m) {
                    uint64_t after = free_ ^ to;
                    for (int e = 0; e < 8; e++) {
                        for (uint64_t arrow = shift(to, st.d[e]) & st.m[e]; arrow & after;
                             arrow = shift(arrow, st.d[e]) & st.m[e])
                            if (svec_push(out, base | to, theirs, b.sq ^ arrow) < 0)
                                return -1;
                    }
                }
            }
        }
    }
    if (!left) { /* the lists above hold (mine, theirs): Right's stones are the o stones */
        for (int i = start; i < out->n; i++) {
            uint64_t t = out->a[i].x;
            out->a[i].x = out->a[i].o;
            out->a[i].o = t;
        }
    }
    return 0;
}

static int32_t stone_component(int kind, int h, int w, stones key);

/* The value of a board: the sum of its live regions' values (as _bit_regions). */
static int32_t stone_state(int kind, const grid_frame *f, stones b)
{
    uint64_t rest = kind == K_CLOBBER ? (b.x | b.o) : b.sq;
    int diagonal = kind == K_AMAZONS;
    int32_t total = 0;
    while (rest) {
        uint64_t comp = grid_component(f, rest & (~rest + 1), rest, diagonal, 0);
        rest ^= comp;
        uint64_t x = b.x & comp, o = b.o & comp;
        int live;
        if (kind == K_FISSION)
            live = x && comp != x;
        else if (kind == K_AMAZONS)
            live = (x | o) != 0;
        else
            live = x && o;
        if (!live)
            continue;
        stones region = {x, o, comp};
        image key;
        int neg;
        stone_key(kind, f->w, region, &key, &neg);
        int32_t v = stone_component(kind, key.hw >> 8, key.hw & 0xff, key.s);
        if (v < 0)
            return -1;
        if (neg && (v = negate(v)) < 0)
            return -1;
        if (!total)
            total = v;
        else if ((total = add(total, v)) < 0)
            return -1;
    }
    return total ? total : g_zero;
}

/* The value of a normalised region: the canonical form of its options. */
static int32_t stone_component(int kind, int h, int w, stones key)
{
    uint16_t hw = (uint16_t)((h << 8) | w);
    stonetab *t = &t_stones[kind];
    int32_t v;
    if (stonetab_get(t, (stonetab_key){key, hw}, &v))
        return v;
    if (poll_signals() < 0)
        return -1;
    if (++g_depth > MAX_DEPTH) {
        g_depth--;
        return fail("the compiled engine went too deep");
    }
    grid_frame f;
    grid_make_frame(&f, h, w);
    svec moves = {NULL, 0, 0};
    idvec opts = {NULL, 0, 0};
    int nl = 0;
    v = 0;
    for (int side = 1; side >= 0 && v >= 0; side--) {
        moves.n = 0;
        if (stone_moves(kind, &f, key, side, &moves) < 0) {
            v = -1;
            break;
        }
        for (int i = 0; i < moves.n && v >= 0; i++) {
            v = stone_state(kind, &f, moves.a[i]);
            if (v >= 0 && idvec_push(&opts, v) < 0)
                v = -1;
        }
        if (side)
            nl = opts.n;
    }
    g_depth--;
    if (v >= 0)
        v = canonical_form(opts.a, nl, opts.a ? opts.a + nl : NULL, opts.n - nl);
    free(moves.a);
    free(opts.a);
    if (v < 0 || stonetab_put(t, (stonetab_key){key, hw}, v) < 0)
        return -1;
    return v;
}

static int32_t stone_board(int kind, int h, int w, stones b)
{
    if (!h || !w || !b.sq)
        return g_zero;
    grid_frame f;
    grid_make_frame(&f, h, w);
    return stone_state(kind, &f, b);
}
