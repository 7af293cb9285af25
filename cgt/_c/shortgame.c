/*
 * cgt._kernel_shortgame: compiled solvers of Domineering, Cram, the stone
 * boards (Clobber, Konane, Fission, Amazons: boards.h) and Col and Snort
 * (graphs.h) on at most 64 cells or vertices, and the strips (Toads and Frogs,
 * Elephants and Rhinos, Push, Shove: strips.h) of at most 64 squares, built on
 * cgt's node engine.
 *
 * Why plain C with the CPython C API: it needs nothing at build time beyond
 * a C compiler (no Cython), it gives full control of the memory layout (the
 * tables below are open-addressing hash tables of integers, table.h), and
 * mypyc cannot compile cgt's modules (they build objects with object.__new__).
 *
 * The engine (nodes, comparison, canonical form, sums, the conversion of nodes
 * to Games) is not here: it lives in the canonical kernel (cgt/_c/engine.h,
 * compiled into cgt._kernel_canonical) and is reached only through the struct
 * of function pointers declared in engine_api.h, imported in PyInit from the
 * capsule cgt._kernel_canonical._engine_api.  Without it (or with another
 * version of it) this module does not load, and cgt's Python solvers answer.
 * Anything the engine cannot hold (a number beyond 64 bits) raises its
 * Fallback, and the Python wrapper then answers with the pure-Python solver.
 *
 * The Domineering solver mirrors cgt.games.domineering.DomineeringRules on
 * 64-bit boards (flood fill into components, crop, normal form over the
 * symmetries, transposition negating: the geometry of grid.h, shared with the
 * stone boards, as cgt/games/grid.py is); Cram's Grundy values come from the
 * outcome search of cgt/impartial_search.py.
 *
 * Every table persists across calls; the tables here are bounded (emptied
 * when full), keyed on the engine's node ids, and emptied whenever the engine
 * forgets its nodes (an on_reset hook).  A value is inserted only once it is
 * complete, so a search interrupted by Ctrl-C (the engine's tick() polls
 * signals every few thousand new components) leaves the tables consistent.
 * All of it runs with the GIL held, inside the engine's enter()/leave(); a
 * re-entrant call raises Fallback instead of touching the tables.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "engine_api.h"
#include "grid.h"
#include "table.h"

/* the fingerprint of this kernel's sources, given by setup.py (cgt/_sources.py); cgt does
   not use a kernel whose fingerprint differs from that of the sources beside it */
#ifndef CGT_SOURCE_HASH
#define CGT_SOURCE_HASH ""
#endif

/* ------------------------------------------------------------------------ */
/* The engine, through its C API                                              */
/* ------------------------------------------------------------------------ */
static const cgt_engine_api *E; /* set by PyInit from the canonical kernel's capsule */
static int32_t g_zero;          /* the engine's node of 0 (set by enter) */

static inline int fail(const char *msg)
{
    return E->fail(msg);
}

static inline int no_memory(void)
{
    PyErr_NoMemory();
    return -1;
}

static inline int32_t number(int64_t num, int exp)
{
    return E->number(num, exp);
}

static inline int32_t canonical_form(const int32_t *left, int nl, const int32_t *right, int nr)
{
    return E->canonical_form(left, nl, right, nr);
}

static inline int le(int32_t g, int32_t h)
{
    return E->le(g, h);
}

static inline int32_t add(int32_t g, int32_t h)
{
    return E->add(g, h);
}

static inline int32_t negate(int32_t g)
{
    return E->negate(g);
}

/* One new component: spends the work budget, looks for Ctrl-C now and then. */
static inline int poll_signals(void)
{
    return E->tick();
}

/* ------------------------------------------------------------------------ */
/* Boards: Domineering and Cram on at most 64 cells                           */
/* ------------------------------------------------------------------------ */
/* (board, (h << 8) | w) -> int32 values */
typedef struct {
    uint64_t bits;
    int32_t val;
    uint16_t hw; /* 0: an empty slot */
} comptab_entry;

typedef struct {
    uint64_t bits;
    uint16_t hw;
} comptab_key;

static inline uint32_t board_hash(uint64_t bits, uint16_t hw)
{
    return (uint32_t)mix64(bits * 0x9e3779b97f4a7c15ULL + hw);
}

#define CT_HASH(k) board_hash((k).bits, (k).hw)
#define CT_SAME(e, k) ((e)->hw == (k).hw && (e)->bits == (k).bits)
#define CT_USED(e) ((e)->hw != 0)
#define CT_SET(e, k) ((e)->bits = (k).bits, (e)->hw = (k).hw)
#define CT_ENTRY_HASH(e) board_hash((e)->bits, (e)->hw)
CGT_TABLE(comptab, comptab_entry, comptab_key, 1u << 12, CT_HASH, CT_SAME, CT_USED, CT_SET,
          CT_ENTRY_HASH)
CGT_TABLE_VALUES(comptab, comptab_entry, comptab_key, int32_t)

static comptab t_dom = {NULL, 0, 0, 1u << 20};
static comptab t_cram = {NULL, 0, 0, 1u << 20};
#define COMPTAB_SLOT sizeof(comptab_entry)

static inline int comptab_get2(const comptab *t, uint64_t bits, uint16_t hw, int32_t *val)
{
    return comptab_get(t, (comptab_key){bits, hw}, val);
}

static inline int comptab_put2(comptab *t, uint64_t bits, uint16_t hw, int32_t val)
{
    return comptab_put(t, (comptab_key){bits, hw}, val);
}

/* Crop a component to its bounding box and normalise it over the symmetries of
 * the rectangle (grid.h, as cgt.games.grid.normal_form): the key has rows <=
 * columns and the least bits among the images of that shape.  *flip tells
 * whether the key is a transposed image (in Domineering, the negative). */
static void normal_form(const grid_frame *f, uint64_t comp, int *nh, int *nw, uint64_t *key,
                        int *flip)
{
    grid_box b;
    grid_box_of(f->w, comp, &b);
    int which = (b.h <= b.w ? GRID_PLAIN : 0) | (b.h >= b.w ? GRID_TRANSPOSED : 0);
    uint64_t img[1][8];
    grid_images(f->w, &b, 1, &comp, which, img);
    int i = grid_least(1, img, b.h, b.w, which, NULL);
    *nh = b.h <= b.w ? b.h : b.w;
    *nw = b.h <= b.w ? b.w : b.h;
    *key = img[0][i];
    *flip = i >= 4;
}

static int g_depth;
#define MAX_DEPTH 400

static int32_t dom_component(int h, int w, uint64_t bits);
static int32_t cram_component(int h, int w, uint64_t bits);

/* Split a board into its connected components (those with a domino's room)
 * and call `each` on each normalised one.  With `removed` (the domino just
 * placed on a connected board) the fills start next to it. */
typedef int (*component_fn)(void *ctx, int h, int w, uint64_t key, int flip);

static int split(const grid_frame *f, uint64_t bits, uint64_t removed, component_fn each,
                 void *ctx)
{
    uint64_t seeds = removed ? grid_grow(f, removed, bits, 0) : bits;
    uint64_t rest = bits;
    while (seeds) {
        /* with `removed`, the rest is connected once one fill meets every seed */
        uint64_t comp = grid_component(f, seeds & (~seeds + 1), rest, 0, removed ? seeds : 0);
        seeds &= ~comp;
        rest ^= comp;
        if (!(comp & (comp - 1)))
            continue; /* a single cell: no domino fits */
        int nh, nw, flip;
        uint64_t key;
        normal_form(f, comp, &nh, &nw, &key, &flip);
        if (each(ctx, nh, nw, key, flip) < 0)
            return -1;
    }
    return 0;
}

typedef struct {
    int32_t total; /* 0: nothing yet */
} sum_ctx;

static int dom_each(void *ctx, int h, int w, uint64_t key, int flip)
{
    sum_ctx *s = ctx;
    int32_t v = dom_component(h, w, key);
    if (v < 0)
        return -1;
    if (flip && (v = negate(v)) < 0)
        return -1;
    if (!s->total) {
        s->total = v;
    } else if ((s->total = add(s->total, v)) < 0) {
        return -1;
    }
    return 0;
}

static int32_t dom_state(const grid_frame *f, uint64_t bits, uint64_t removed)
{
    sum_ctx s = {0};
    if (split(f, bits, removed, dom_each, &s) < 0)
        return -1;
    return s.total ? s.total : g_zero;
}

static int32_t dom_component(int h, int w, uint64_t bits)
{
    uint16_t hw = (uint16_t)((h << 8) | w);
    int32_t v;
    if (comptab_get2(&t_dom, bits, hw, &v))
        return v;
    if (poll_signals() < 0)
        return -1;
    if (h == 1) { /* a row of w cells is worth -(w // 2) */
        v = number(-(w / 2), 0);
    } else {
        if (++g_depth > MAX_DEPTH) {
            g_depth--;
            return fail("the compiled engine went too deep");
        }
        grid_frame f;
        grid_make_frame(&f, h, w);
        int32_t opts[2 * 64];
        int nl = 0, nr = 0;
        uint64_t vertical = bits & shr64(bits, w);
        uint64_t horizontal = bits & (bits >> 1) & f.not_last;
        v = 0;
        for (uint64_t s = vertical; s && v >= 0; s &= s - 1) {
            uint64_t low = s & (~s + 1), removed = low | shl64(low, w);
            v = opts[nl++] = dom_state(&f, bits ^ removed, removed);
        }
        for (uint64_t s = horizontal; s && v >= 0; s &= s - 1) {
            uint64_t low = s & (~s + 1), removed = low | (low << 1);
            v = opts[64 + nr++] = dom_state(&f, bits ^ removed, removed);
        }
        g_depth--;
        if (v >= 0)
            v = canonical_form(opts, nl, opts + 64, nr);
    }
    if (v < 0 || comptab_put2(&t_dom, bits, hw, v) < 0)
        return -1;
    return v;
}

typedef struct {
    int32_t total;
} xor_ctx;

static int cram_each(void *ctx, int h, int w, uint64_t key, int flip)
{
    (void)flip;
    xor_ctx *s = ctx;
    int32_t v = cram_component(h, w, key);
    if (v < 0)
        return -1;
    s->total ^= v;
    return 0;
}

static int32_t cram_state(const grid_frame *f, uint64_t bits, uint64_t removed)
{
    xor_ctx s = {0};
    if (split(f, bits, removed, cram_each, &s) < 0)
        return -1;
    return s.total;
}

/* Cram's Grundy values by outcome search with a nim heap, as
 * cgt/impartial_search.py: grundy(G) is the least n with G + *n a
 * second-player win, and each G + *n is decided by a search that stops at the
 * first winning move.  After a move, components of known value fold into the
 * heap, equal components cancel in pairs, and all but the largest of the rest
 * are valued in full, so the search goes on with one component and one heap.
 * Decided wins of G + *n (n < 31) are remembered as bits of t_cram_won. */
static comptab t_cram_won = {NULL, 0, 0, 1u << 20};

typedef struct {
    uint64_t bits;
    uint16_t hw;
} ckey;

typedef struct {
    ckey *a;
    int n, cap;
} ckeys;

static int collect_each(void *ctx, int h, int w, uint64_t key, int flip)
{
    (void)flip;
    ckeys *v = ctx;
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 64;
        ckey *a = realloc(v->a, (size_t)cap * sizeof(ckey));
        if (!a)
            return no_memory();
        v->a = a;
        v->cap = cap;
    }
    v->a[v->n].bits = key;
    v->a[v->n].hw = (uint16_t)((h << 8) | w);
    v->n++;
    return 0;
}

static int cram_wins(ckey k, int n);

static int cmp_ckey(const void *a, const void *b)
{
    const ckey *x = a, *y = b;
    if (x->hw != y->hw)
        return x->hw < y->hw ? -1 : 1;
    return (x->bits > y->bits) - (x->bits < y->bits);
}

static int cmp_ckey_size(const void *a, const void *b)
{
    int x = popcount64(((const ckey *)a)->bits), y = popcount64(((const ckey *)b)->bits);
    return (x > y) - (x < y);
}

static int32_t cram_component(int h, int w, uint64_t bits)
{
    uint16_t hw = (uint16_t)((h << 8) | w);
    int32_t v;
    if (comptab_get2(&t_cram, bits, hw, &v))
        return v;
    if (poll_signals() < 0)
        return -1;
    ckey k = {bits, hw};
    for (int n = 0;; n++) {
        int t = cram_wins(k, n);
        if (t < 0)
            return -1;
        if (!t)
            return n; /* cram_wins stored it */
    }
}

static int cram_won(ckey k, int n)
{
    if (n < 31) {
        int32_t mask = 0;
        comptab_get2(&t_cram_won, k.bits, k.hw, &mask);
        if (comptab_put2(&t_cram_won, k.bits, k.hw, mask | (int32_t)(1u << n)) < 0)
            return -1;
    }
    return 1;
}

typedef struct {
    int off, count, cost, m;
} pending;

static int cmp_pending(const void *a, const void *b)
{
    const pending *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost < y->cost ? -1 : 1;
    return (x->off > y->off) - (x->off < y->off); /* keep the order of the moves */
}

/* Whether the player to move wins the component k plus a heap of n. */
static int cram_wins(ckey k, int n)
{
    int32_t g;
    if (comptab_get2(&t_cram, k.bits, k.hw, &g))
        return g != n;
    if (n < 31 && comptab_get2(&t_cram_won, k.bits, k.hw, &g) && ((g >> n) & 1))
        return 1;
    int h = k.hw >> 8, w = k.hw & 0xFF;
    uint64_t bits = k.bits;
    grid_frame f;
    grid_make_frame(&f, h, w);
    uint64_t vertical = bits & shr64(bits, w); /* none on a 1 x 64 strip */
    uint64_t horizontal = bits & (bits >> 1) & f.not_last;
    int moves = popcount64(vertical) + popcount64(horizontal);
    if (n > moves)
        return 1; /* the Grundy value is at most the number of options */
    if (poll_signals() < 0)
        return -1;
    if (++g_depth > MAX_DEPTH) {
        g_depth--;
        return fail("the compiled engine went too deep");
    }
    ckeys keys = {NULL, 0, 0};
    pending *todo = malloc((size_t)(moves ? moves : 1) * sizeof(pending));
    int ntodo = 0, result = -1;
    if (!todo) {
        no_memory();
        goto done;
    }
    /* First pass: the moves decided by the tables alone. */
    for (int dir = 0; dir < 2; dir++) {
        uint64_t spots = dir ? horizontal : vertical;
        int step = dir ? 1 : w;
        for (uint64_t s = spots; s; s &= s - 1) {
            uint64_t low = s & (~s + 1), removed = low | shl64(low, step);
            int off = keys.n, m = n;
            if (split(&f, bits ^ removed, removed, collect_each, &keys) < 0)
                goto done;
            int count = 0;
            for (int i = off; i < keys.n; i++) { /* fold known values into the heap */
                int32_t v;
                if (comptab_get2(&t_cram, keys.a[i].bits, keys.a[i].hw, &v))
                    m ^= v;
                else
                    keys.a[off + count++] = keys.a[i];
            }
            if (count > 1) { /* equal components cancel in pairs */
                qsort(keys.a + off, (size_t)count, sizeof(ckey), cmp_ckey);
                int c2 = 0;
                for (int i = 0; i < count;) {
                    int j = i;
                    while (j < count && !cmp_ckey(&keys.a[off + i], &keys.a[off + j]))
                        j++;
                    if ((j - i) & 1)
                        keys.a[off + c2++] = keys.a[off + i];
                    i = j;
                }
                count = c2;
            }
            keys.n = off + count;
            if (!count) {
                if (m == 0) { /* a move to a second-player win */
                    result = cram_won(k, n);
                    goto done;
                }
                continue;
            }
            if (count == 1 && m < 31 &&
                comptab_get2(&t_cram_won, keys.a[off].bits, keys.a[off].hw, &g) && ((g >> m) & 1)) {
                keys.n = off;
                continue; /* this move leaves a won position to the opponent */
            }
            int cost = 0;
            for (int i = off; i < keys.n; i++)
                cost += popcount64(keys.a[i].bits);
            todo[ntodo].off = off;
            todo[ntodo].count = count;
            todo[ntodo].cost = cost;
            todo[ntodo].m = m;
            ntodo++;
        }
    }
    /* Second pass: search the rest, cheapest first. */
    qsort(todo, (size_t)ntodo, sizeof(pending), cmp_pending);
    for (int i = 0; i < ntodo; i++) {
        ckey *u = keys.a + todo[i].off;
        int count = todo[i].count, m = todo[i].m;
        if (count > 1)
            qsort(u, (size_t)count, sizeof(ckey), cmp_ckey_size);
        for (int j = 0; j < count - 1; j++) {
            int32_t v = cram_component(u[j].hw >> 8, u[j].hw & 0xFF, u[j].bits);
            if (v < 0)
                goto done;
            m ^= v;
            u = keys.a + todo[i].off; /* (the buffer stays put: only this frame grows it) */
        }
        int t = cram_wins(u[count - 1], m);
        if (t < 0)
            goto done;
        if (!t) {
            result = cram_won(k, n);
            goto done;
        }
    }
    /* Moves on the heap: to *j wins when grundy(G) == j. */
    for (int j = 0; j < n; j++) {
        int t = cram_wins(k, j);
        if (t < 0)
            goto done;
        if (!t) {
            result = cram_won(k, n);
            goto done;
        }
    }
    result = comptab_put2(&t_cram, k.bits, k.hw, n) < 0 ? -1 : 0;
done:
    g_depth--;
    free(keys.a);
    free(todo);
    return result;
}

#include "boards.h"
#include "graphs.h"
#include "strips.h"
#include "loopy.h"

/* ------------------------------------------------------------------------ */
/* Table management                                                           */
/* ------------------------------------------------------------------------ */
/* The engine forgets its nodes: forget every table keyed on them. */
static void reset_tables(void)
{
    comptab_free(&t_dom);
    comptab_free(&t_cram);
    comptab_free(&t_cram_won);
    stonetabs_free();
    graphtabs_free();
    striptabs_free();
}

/* Enter a call of the engine (it refuses re-entry and trims its tables). */
static int enter(void)
{
    if (E->enter() < 0)
        return -1;
    g_zero = E->zero();
    g_depth = 0;
    return 0;
}

static void leave(void)
{
    E->leave();
}

/* Who wins a big Domineering board: alpha-beta with CGT knowledge (dom_wins). */
#include "bigboard.h"
/* Who wins a big Clobber board: the same search on stone boards (clob_wins). */
#include "clobsearch.h"

/* ------------------------------------------------------------------------ */
/* Python functions                                                           */
/* ------------------------------------------------------------------------ */
static int parse_board(PyObject *args, int *h, int *w, uint64_t *bits)
{
    unsigned long long b;
    if (!PyArg_ParseTuple(args, "iiK", h, w, &b))
        return -1;
    if (*h < 0 || *w < 0 || *h > 64 || *w > 64 || *h * *w > 64) {
        PyErr_SetString(PyExc_ValueError, "a board of at most 64 cells");
        return -1;
    }
    *bits = (uint64_t)b;
    if (*h * *w < 64 && (*bits >> (*h * *w))) {
        PyErr_SetString(PyExc_ValueError, "cells outside the board");
        return -1;
    }
    return 0;
}

static int32_t dom_board(int h, int w, uint64_t bits)
{
    if (!h || !w || !bits)
        return g_zero;
    grid_frame f;
    grid_make_frame(&f, h, w);
    return dom_state(&f, bits, 0);
}

static PyObject *py_domineering(PyObject *self, PyObject *args)
{
    (void)self;
    int h, w;
    uint64_t bits;
    if (parse_board(args, &h, &w, &bits) < 0 || enter() < 0)
        return NULL;
    int32_t v = dom_board(h, w, bits);
    PyObject *out = v < 0 ? NULL : E->to_python(v);
    leave();
    return out;
}

static PyObject *py_cram(PyObject *self, PyObject *args)
{
    (void)self;
    int h, w;
    uint64_t bits;
    if (parse_board(args, &h, &w, &bits) < 0 || enter() < 0)
        return NULL;
    int32_t v = 0;
    if (h && w && bits) {
        grid_frame f;
        grid_make_frame(&f, h, w);
        v = cram_state(&f, bits, 0);
    }
    leave();
    if (v < 0)
        return NULL;
    return PyLong_FromLong(v);
}

static PyObject *py_stones(PyObject *self, PyObject *args)
{
    (void)self;
    int kind, h, w;
    unsigned long long x, o, sq;
    if (!PyArg_ParseTuple(args, "iiiKKK", &kind, &h, &w, &x, &o, &sq))
        return NULL;
    if (kind < 0 || kind >= K_KINDS) {
        PyErr_Format(PyExc_ValueError, "unknown ruleset number %d (0 to %d)", kind, K_KINDS - 1);
        return NULL;
    }
    if (h < 0 || w < 0 || h > 64 || w > 64 || h * w > 64) {
        PyErr_SetString(PyExc_ValueError, "a board of at most 64 cells");
        return NULL;
    }
    uint64_t full = h * w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << (h * w)) - 1);
    if ((sq & ~full) || ((x | o) & ~sq) || (x & o) || (kind == K_FISSION && o)) {
        PyErr_SetString(PyExc_ValueError,
                         "stones must be on squares of the board, one a square (no o in Fission)");
        return NULL;
    }
    if (enter() < 0)
        return NULL;
    stones b = {(uint64_t)x, (uint64_t)o, (uint64_t)sq};
    int32_t v = stone_board(kind, h, w, b);
    PyObject *out = v < 0 ? NULL : E->to_python(v);
    leave();
    return out;
}

/* The keys of grid.h, for tests that compare them with the Python keys. */
static PyObject *py_grid_key(PyObject *self, PyObject *args)
{
    (void)self;
    int h, w;
    uint64_t bits;
    if (parse_board(args, &h, &w, &bits) < 0)
        return NULL;
    if (!bits) {
        PyErr_SetString(PyExc_ValueError, "an empty board has no key");
        return NULL;
    }
    grid_frame f;
    grid_make_frame(&f, h, w);
    int nh, nw, flip;
    uint64_t key;
    normal_form(&f, bits, &nh, &nw, &key, &flip);
    return Py_BuildValue("iiKO", nh, nw, (unsigned long long)key, flip ? Py_True : Py_False);
}

static PyObject *py_stone_key(PyObject *self, PyObject *args)
{
    (void)self;
    int kind, h, w;
    unsigned long long x, o, sq;
    if (!PyArg_ParseTuple(args, "iiiKKK", &kind, &h, &w, &x, &o, &sq))
        return NULL;
    uint64_t full = h * w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << (h * w)) - 1);
    if (kind < 0 || kind >= K_KINDS || h < 1 || w < 1 || h > 64 || w > 64 || h * w > 64 || !sq ||
        (sq & ~full) || ((x | o) & ~sq) || (x & o)) {
        PyErr_SetString(PyExc_ValueError, "a ruleset number and a non-empty region of a board");
        return NULL;
    }
    image key;
    int neg;
    stone_key(kind, w, (stones){(uint64_t)x, (uint64_t)o, (uint64_t)sq}, &key, &neg);
    return Py_BuildValue("iiKKKO", key.hw >> 8, key.hw & 0xff, (unsigned long long)key.s.x,
                         (unsigned long long)key.s.o, (unsigned long long)key.s.sq,
                         neg ? Py_True : Py_False);
}

static PyObject *py_graph(PyObject *self, PyObject *args)
{
    (void)self;
    int kind;
    PyObject *adjs;
    unsigned long long lefts, rights;
    if (!PyArg_ParseTuple(args, "iOKK", &kind, &adjs, &lefts, &rights))
        return NULL;
    if (kind < 0 || kind >= G_KINDS) {
        PyErr_Format(PyExc_ValueError, "unknown ruleset number %d (0 Col, 1 Snort)", kind);
        return NULL;
    }
    if (!PyTuple_Check(adjs) || PyTuple_GET_SIZE(adjs) > 64) {
        PyErr_SetString(PyExc_ValueError, "the adjacency is a tuple of at most 64 masks");
        return NULL;
    }
    int n = (int)PyTuple_GET_SIZE(adjs);
    uint64_t adj[64], full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    for (int v = 0; v < n; v++) {
        PyObject *a = PyTuple_GET_ITEM(adjs, v);
        unsigned long long m = PyLong_Check(a) ? PyLong_AsUnsignedLongLong(a) : (unsigned long long)-1;
        if (PyErr_Occurred() || !PyLong_Check(a) || (m & ~full) || ((m >> v) & 1)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "adjacency mask %d must be an int over the other vertices", v);
            return NULL;
        }
        adj[v] = (uint64_t)m;
    }
    for (int v = 0; v < n; v++)
        for (uint64_t s = adj[v]; s; s &= s - 1)
            if (!((adj[ctz64(s)] >> v) & 1)) {
                PyErr_SetString(PyExc_ValueError, "the adjacency masks are not symmetric");
                return NULL;
            }
    if ((lefts | rights) & ~full || (lefts & rights)) {
        PyErr_SetString(PyExc_ValueError, "tints must be on vertices, at most one a vertex");
        return NULL;
    }
    if (enter() < 0)
        return NULL;
    int32_t v = graph_value(kind, n, adj, (uint64_t)lefts, (uint64_t)rights);
    PyObject *out = v < 0 ? NULL : E->to_python(v);
    leave();
    return out;
}

/* Test hooks: games given as nested pairs (left options, right options). */
static int32_t from_form(PyObject *form, int depth)
{
    if (depth > 64)
        return fail("form nested too deeply");
    if (!PyTuple_Check(form) || PyTuple_GET_SIZE(form) != 2 ||
        !PyTuple_Check(PyTuple_GET_ITEM(form, 0)) || !PyTuple_Check(PyTuple_GET_ITEM(form, 1))) {
        PyErr_SetString(PyExc_TypeError, "a form is a pair (left options, right options) of tuples");
        return -1;
    }
    PyObject *left = PyTuple_GET_ITEM(form, 0), *right = PyTuple_GET_ITEM(form, 1);
    Py_ssize_t nl = PyTuple_GET_SIZE(left), nr = PyTuple_GET_SIZE(right);
    if (nl + nr > 1024)
        return fail("too many options");
    int32_t *a = malloc((size_t)(nl + nr + 1) * sizeof(int32_t));
    if (!a)
        return no_memory();
    int32_t r = 0;
    for (Py_ssize_t i = 0; i < nl + nr && r >= 0; i++) {
        PyObject *o = i < nl ? PyTuple_GET_ITEM(left, i) : PyTuple_GET_ITEM(right, i - nl);
        r = a[i] = from_form(o, depth + 1);
    }
    if (r >= 0)
        r = canonical_form(a, (int)nl, a + nl, (int)nr);
    free(a);
    return r;
}

static PyObject *py_canonical(PyObject *self, PyObject *form)
{
    (void)self;
    if (enter() < 0)
        return NULL;
    int32_t v = from_form(form, 0);
    PyObject *out = v < 0 ? NULL : E->to_python(v);
    leave();
    return out;
}

static PyObject *binary(PyObject *args, int op)
{
    PyObject *a, *b;
    if (!PyArg_ParseTuple(args, "OO", &a, &b) || enter() < 0)
        return NULL;
    PyObject *out = NULL;
    int32_t x = from_form(a, 0), y = x < 0 ? -1 : from_form(b, 0);
    if (y >= 0) {
        if (op == 0) {
            int t = le(x, y);
            if (t >= 0)
                out = PyBool_FromLong(t);
        } else {
            int32_t s = op == 1 ? add(x, y) : negate(x);
            if (s >= 0)
                out = E->to_python(s);
        }
    }
    leave();
    return out;
}

static PyObject *py_le(PyObject *self, PyObject *args)
{
    (void)self;
    return binary(args, 0);
}

static PyObject *py_add(PyObject *self, PyObject *args)
{
    (void)self;
    return binary(args, 1);
}

static PyObject *py_neg(PyObject *self, PyObject *form)
{
    (void)self;
    PyObject *args = PyTuple_Pack(2, form, form);
    if (!args)
        return NULL;
    PyObject *out = binary(args, 2);
    Py_DECREF(args);
    return out;
}

static PyObject *py_clear(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    E->clear(); /* with the nodes go the tables here (reset_tables), now or when the call ends */
    Py_RETURN_NONE;
}

/* Shares of the budget, in 64ths: the engine's nodes 16, compare 12, sum 4, sum search 4,
 * each board table 4, each stone table 2, each graph table 2, the strips' table 4 (64 of 64). */
static PyObject *py_set_limit(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long total, entries = 0;
    if (!PyArg_ParseTuple(args, "K|K", &total, &entries))
        return NULL;
    E->set_limit(total, entries);
    size_t unit = (size_t)(total / 64);
    t_dom.max_cap = t_cram.max_cap = t_cram_won.max_cap = E->slots_within(4 * unit, COMPTAB_SLOT);
    for (int k = 0; k < K_KINDS; k++)
        t_stones[k].max_cap = E->slots_within(2 * unit, STONETAB_SLOT);
    for (int k = 0; k < G_KINDS; k++)
        keytab_budget(&t_graphs[k], 2 * unit);
    if (entries) { /* at most `entries` entries a table too (a table is at most half full) */
        uint32_t most =
            E->slots_within((size_t)(entries < (1ull << 40) ? entries : 1ull << 40) * 2, 1);
        uint32_t *caps[] = {&t_dom.max_cap, &t_cram.max_cap, &t_cram_won.max_cap,
                            &t_stones[0].max_cap, &t_stones[1].max_cap, &t_stones[2].max_cap,
                            &t_stones[3].max_cap};
        for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
            if (*caps[i] > most)
                *caps[i] = most;
        for (int k = 0; k < G_KINDS; k++)
            if (t_graphs[k].max_count > entries)
                t_graphs[k].max_count = entries < 1024 ? 1024 : (uint32_t)entries;
    }
    striptabs_limit(4 * unit, entries); /* the strips' table (strips.h) */
    /* tables already larger than their new part go now (or when the running call ends) */
    if (comptab_over(&t_dom) || comptab_over(&t_cram) || comptab_over(&t_cram_won) ||
        stonetabs_over() || graphtabs_over() || striptabs_over())
        E->clear();
    Py_RETURN_NONE;
}

/* Entries and bytes (as allocated) of each table. */
static PyObject *py_usage(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    cgt_engine_usage u;
    E->usage(&u);
#define CT_BYTES(t) comptab_bytes(&(t))
    PyObject *out = Py_BuildValue(
        "{s:(nn),s:(nn),s:(nn),s:(In),s:(In),s:(In),s:(In),s:(In),s:(In),s:(In),s:(In),s:(In)}",
        "nodes", u.nodes, u.node_bytes, "compare", u.compare, u.compare_bytes, "sum", u.sum,
        u.sum_bytes, "domineering", t_dom.count, (Py_ssize_t)CT_BYTES(t_dom), "cram", t_cram.count,
        (Py_ssize_t)CT_BYTES(t_cram), "cram_won", t_cram_won.count, (Py_ssize_t)CT_BYTES(t_cram_won),
        "clobber", t_stones[K_CLOBBER].count, (Py_ssize_t)stonetab_bytes_of(K_CLOBBER), "konane",
        t_stones[K_KONANE].count, (Py_ssize_t)stonetab_bytes_of(K_KONANE), "fission",
        t_stones[K_FISSION].count, (Py_ssize_t)stonetab_bytes_of(K_FISSION), "amazons",
        t_stones[K_AMAZONS].count, (Py_ssize_t)stonetab_bytes_of(K_AMAZONS), "col",
        t_graphs[G_COL].slots.count, (Py_ssize_t)keytab_bytes(G_COL), "snort",
        t_graphs[G_SNORT].slots.count, (Py_ssize_t)keytab_bytes(G_SNORT));
#undef CT_BYTES
    return strips_usage(out, 1);
}

static PyObject *py_info(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    cgt_engine_usage u;
    E->usage(&u);
    PyObject *out = Py_BuildValue("{s:n,s:n,s:n,s:n,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "nodes", u.nodes,
                         "options", u.options, "compare", u.compare, "sum", u.sum, "domineering",
                         t_dom.count, "cram", t_cram.count, "clobber", t_stones[K_CLOBBER].count,
                         "konane", t_stones[K_KONANE].count, "fission", t_stones[K_FISSION].count,
                         "amazons", t_stones[K_AMAZONS].count, "col", t_graphs[G_COL].slots.count,
                         "snort", t_graphs[G_SNORT].slots.count);
    return strips_usage(out, 0);
}

static PyMethodDef methods[] = {
    {"loopy_settle", py_loopy_settle, METH_VARARGS,
     "loopy_settle(left_offsets, left_targets, right_offsets, right_targets, tracker) -> bytes: "
     "the "
     "retrograde analysis of a compact loopy game graph (cgt/_c/loopy.h)."},
    {"domineering", py_domineering, METH_VARARGS,
     "domineering(h, w, bits) -> Game: the value of a Domineering board (bit r*w+c: cell (r, c) "
     "empty)."},
    {"cram", py_cram, METH_VARARGS, "cram(h, w, bits) -> int: the Grundy value of a Cram board."},
    {"stones", py_stones, METH_VARARGS,
     "stones(kind, h, w, xs, os, squares) -> Game: the value of a stone board (kind 0 Clobber, "
     "1 Konane, 2 Fission, 3 Amazons; bit r*w+c of each set: cell (r, c))."},
    {"grid_key", py_grid_key, METH_VARARGS,
     "grid_key(h, w, bits) -> (h, w, key, transposed): a Domineering component's key (grid.h)."},
    {"stone_key", py_stone_key, METH_VARARGS,
     "stone_key(kind, h, w, xs, os, squares) -> (h, w, xs, os, squares, negated): a stone "
     "region's key (grid.h)."},
    {"graph", py_graph, METH_VARARGS,
     "graph(kind, adjacency, lefts, rights) -> Game: the value of Col (kind 0) or Snort (1) on "
     "a graph of at most 64 vertices (adjacency: a tuple of neighbour masks; lefts, rights: the "
     "vertices only Left, only Right may colour)."},
    STRIPS_METHODS
    {"canonical", py_canonical, METH_O,
     "canonical(form) -> Game: the canonical form of nested pairs (left options, right options)."},
    {"le", py_le, METH_VARARGS, "le(f, g) -> bool: f <= g for forms as in canonical()."},
    {"add", py_add, METH_VARARGS, "add(f, g) -> Game: f + g for forms as in canonical()."},
    {"neg", py_neg, METH_O, "neg(f) -> Game: -f for a form as in canonical()."},
    {"clear", py_clear, METH_NOARGS, "clear(): forget every table (and the converted games)."},
    {"info", py_info, METH_NOARGS, "info() -> dict: sizes of the tables."},
    {"set_limit", py_set_limit, METH_VARARGS,
     "set_limit(bytes, entries=0): bound the tables (nodes, memos, boards) to about this many "
     "bytes in all, and each memo and board table to `entries` entries (0: no such bound)."},
    {"usage", py_usage, METH_NOARGS, "usage() -> dict: (entries, bytes allocated) of each table."},
    {"dom_wins", py_dom_wins, METH_VARARGS,
     "dom_wins(h, w, bits, player, budget=0, max_slots=2**22, small=12) -> (won, nodes, "
     "valued): does player (0 Left, 1 Right) moving first win the Domineering board (bigboard.h)?"},
    {"clob_wins", py_clob_wins, METH_VARARGS,
     "clob_wins(h, w, xs, os, player, budget=0, max_slots=2**22, small=10) -> (won, nodes, "
     "valued): does player (0 Left, 1 Right) moving first win the Clobber board (clobsearch.h)?"},
    {"dom_bounds", py_dom_bounds, METH_VARARGS,
     "dom_bounds(h, w, bits, k, player) -> 1, 0 or -1: the safe-move bounds of bigboard.h on "
     "the board plus the integer k (the mover wins, loses, undecided)."},
    {NULL, NULL, 0, NULL},
};

static int module_exec(PyObject *m)
{
    const cgt_engine_api *api = PyCapsule_Import(CGT_ENGINE_API_CAPSULE, 0);
    if (api == NULL)
        return -1; /* no canonical kernel: no engine, so this module is not used */
    if (api->version != CGT_ENGINE_API_VERSION || api->size != (int)sizeof(cgt_engine_api)) {
        PyErr_Format(PyExc_ImportError,
                     "cgt._kernel_canonical's engine API is version %d, this kernel needs %d "
                     "(rebuild both)",
                     api->version, CGT_ENGINE_API_VERSION);
        return -1;
    }
    if (api->on_reset(reset_tables) < 0)
        return -1;
    E = api;
    /* the engine's exception, under the name its callers know here too */
    if (PyModule_AddObject(m, "Fallback", Py_NewRef(E->fallback)) < 0) {
        Py_DECREF(E->fallback);
        return -1;
    }
    return 0;
}

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "cgt._kernel_shortgame",
    "Compiled solvers of Domineering, Cram, stone boards, Col and Snort on cgt's node engine (see cgt/_c/shortgame.c).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__kernel_shortgame(void)
{
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddStringConstant(m, "SOURCE_HASH", CGT_SOURCE_HASH) < 0 || module_exec(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}