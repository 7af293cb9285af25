/*
 * cgt._kernel_hexapawn: the exact Hexapawn win/loss search in C.
 *
 * Why plain C with the CPython C API: building it needs nothing beyond a C
 * compiler (no Cython, no other build-time dependency); C gives full control
 * of memory, so the transposition table is a flat array of 64-bit slots
 * (8 bytes a position); and mypyc cannot compile cgt's modules.
 *
 * This is the search of cgt/games/hexapawn/_engine.py, move for move:
 *
 * - bitboards: one uint64_t per colour, column-major with a stride of `rows`
 *   bits (square (c, r) is bit c * rows + r), so boards of up to 64 squares
 *   fit.  No padding is needed between columns because, in every position the
 *   search meets, the mover's pawns never stand on the far row and the
 *   opponent's never on the mover's home row (a promotion ends the game, and
 *   the Python side hands over only such positions): a forward or diagonal
 *   step never leaves its column's rows, a step off the left edge shifts out
 *   of the word and one off the right edge lands outside the board mask;
 * - the same move order (captures first, in the engine's order; targets from
 *   the low bit up), the same prunings (promotion at once wins under normal
 *   rules; two unstoppable promotion threats lose; one may only be captured),
 *   the misere ending, and the first winning move stops the search.  So it
 *   expands exactly the positions the Python engine expands and stores the
 *   same number of them;
 * - the key: the board seen by the side to move (Black's positions turned
 *   upside down with colours swapped), each column as 2 * (rows - 1) bits,
 *   reduced by the mirror symmetry (the smaller of the two column orders);
 * - the table: table.h's CGT_WINDOW_TABLE (the kernels' one table, in its
 *   bounded-window variant): a window of 16 slots from the home slot (the key
 *   scrambled by two multiply-xorshift rounds), full keys compared, doubling
 *   when half full up to max_slots, then replacing the entry of least effort
 *   in a full window (a replaced result is recomputed, never guessed).  Keys
 *   of up to 60 bits use one 64-bit word a slot (key << 4 | effort << 1 |
 *   result), as the Python SlotTable; longer keys (up to 124 bits: 3 x 20,
 *   8 x 8, ...) two words, and then half as many slots, so max_slots bounds
 *   the bytes either way.
 *
 * The search holds the GIL throughout (the Python engine's lock serialises
 * callers).  Every 65536 positions it calls PyErr_CheckSignals; at the node
 * count `tick_at` it calls back into Python (the progress bar).  Either can
 * raise: the search then unwinds without storing any result it had not
 * finished, so the table holds only proven results.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

/* the fingerprint of this kernel's sources, given by setup.py (cgt/_sources.py); cgt does
   not use a kernel whose fingerprint differs from that of the sources beside it */
#ifndef CGT_SOURCE_HASH
#define CGT_SOURCE_HASH ""
#endif

#define WINDOW 16
#define MIX 0x9E3779B97F4A7C15ULL
#define MIX2 0xC2B2AE3D27D4EB4FULL
#define SIGNAL_MASK 0xFFFFULL
#define NEVER ((long long)0x7FFFFFFFFFFFFFFFLL)

enum { PAWN_NORMAL = 0, PAWN_BEROLINA = 1, PAWN_BEROLINA_PLUS = 2 };

/* the transposition table: table.h's window table, 1 or 2 words a slot */

/* the home slot: the top bits of the key, scrambled (keys are structured:
 * a plain multiplication leaves more full windows) */
static inline uint64_t
scramble(uint64_t x)
{
    x ^= x >> 31;
    x *= MIX;
    x ^= x >> 29;
    x *= MIX2;
    return x;
}

/* keys of up to 60 bits: one word a slot, key << 4 | effort << 1 | result */
#define N_HASH(k) scramble(k)
#define N_SAME(e, k) (*(e) >> 4 == (k))
#define N_USED(e) (*(e) != 0)
#define N_KEY(e) (*(e) >> 4)
#define N_RANK(e) ((*(e) >> 1) & 7)
CGT_WINDOW_TABLE(narrow_table, uint64_t, uint64_t, WINDOW, N_HASH, N_SAME, N_USED, N_KEY, N_RANK)

/* longer keys: two words a slot, the low 64 bits of the key, then the rest << 4 | flags */
typedef struct {
    uint64_t lo, hi;
} wide_key;

#define W_HASH(k) scramble((k).lo ^ ((k).hi * MIX2))
#define W_SAME(e, k) ((e)->lo == (k).lo && (e)->hi >> 4 == (k).hi)
#define W_USED(e) (((e)->lo | (e)->hi) != 0)
#define W_KEY(e) ((wide_key){(e)->lo, (e)->hi >> 4})
#define W_RANK(e) (((e)->hi >> 1) & 7)
CGT_WINDOW_TABLE(wide_table, wide_key, wide_key, WINDOW, W_HASH, W_SAME, W_USED, W_KEY, W_RANK)

typedef struct {
    PyObject_HEAD
    int columns, rows, pawn, misere;
    int col_bits;        /* 2 * (rows - 1): bits of one column in a key */
    int key_bits;        /* col_bits * columns */
    int wide;            /* keys longer than 60 bits: two words a slot */
    uint64_t board, top, bottom, colmask;
    unsigned char flip[256];
    /* the table: narrow or wide_t, as `wide` says */
    narrow_table narrow;
    wide_table wide_t;
    uint64_t initial_slots;
    /* the running search */
    long long nodes;
    long long tick_at;
    PyObject *on_tick;   /* borrowed, only during wins() */
} Search;

/* ------------------------------------------------------------------------ */
/* the transposition table (its types are defined above the Search)          */

/* the stored result (0 or 1) for the key, or -1 */
static inline int
table_get(const Search *s, uint64_t lo, uint64_t hi)
{
    if (!s->wide) {
        const uint64_t *e = narrow_table_find(&s->narrow, lo);
        return e ? (int)(*e & 1) : -1;
    }
    const wide_key *e = wide_table_find(&s->wide_t, (wide_key){lo, hi});
    return e ? (int)(e->hi & 1) : -1;
}

static inline void
table_put(Search *s, uint64_t lo, uint64_t hi, int result, int effort)
{
    uint64_t flags = (uint64_t)(effort << 1 | result);
    if (!s->wide)
        narrow_table_put(&s->narrow, lo, lo << 4 | flags);
    else
        wide_table_put(&s->wide_t, (wide_key){lo, hi}, (wide_key){lo, hi << 4 | flags});
}

/* an empty table of `size` home slots (the old one freed); -1 with MemoryError */
static int
table_reset(Search *s, uint64_t size)
{
    return s->wide ? wide_table_reset(&s->wide_t, size) : narrow_table_reset(&s->narrow, size);
}

#define TABLE_FIELD(s, f) ((s)->wide ? (s)->wide_t.f : (s)->narrow.f)

/* ------------------------------------------------------------------------ */
/* keys                                                                      */

/* place `bits` (at most 14 bits) at bit `pos` of the 128-bit (lo, hi) */
static inline void
place(uint64_t *lo, uint64_t *hi, uint64_t bits, int pos)
{
    if (pos < 64) {
        *lo |= bits << pos;
        if (pos > 50) {
            *hi |= bits >> (64 - pos);
        }
    }
    else {
        *hi |= bits << (pos - 64);
    }
}

/* The canonical key of (w, b) with `white` to move, into (*lo, *hi). */
static inline void
make_key(const Search *s, uint64_t w, uint64_t b, int white, uint64_t *lo, uint64_t *hi)
{
    const int rows = s->rows, n = s->columns, cb = s->col_bits, half = rows - 1;
    const uint64_t cm = s->colmask;
    uint64_t k1 = 0, k2 = 0;
    if (!s->wide) {
        for (int c = 0; c < n; c++) {
            uint64_t wc = (w >> (c * rows)) & cm, bc = (b >> (c * rows)) & cm, code;
            if (white) {
                code = wc | (bc >> 1) << half;
            }
            else {
                code = (uint64_t)s->flip[bc] | (uint64_t)(s->flip[wc] >> 1) << half;
            }
            k1 |= code << (c * cb);
            k2 |= code << ((n - 1 - c) * cb);
        }
        *lo = k1 < k2 ? k1 : k2;
        *hi = 0;
        return;
    }
    uint64_t h1 = 0, h2 = 0;
    for (int c = 0; c < n; c++) {
        uint64_t wc = (w >> (c * rows)) & cm, bc = (b >> (c * rows)) & cm, code;
        if (white) {
            code = wc | (bc >> 1) << half;
        }
        else {
            code = (uint64_t)s->flip[bc] | (uint64_t)(s->flip[wc] >> 1) << half;
        }
        place(&k1, &h1, code, c * cb);
        place(&k2, &h2, code, (n - 1 - c) * cb);
    }
    if (h1 < h2 || (h1 == h2 && k1 <= k2)) {
        *lo = k1;
        *hi = h1;
    }
    else {
        *lo = k2;
        *hi = h2;
    }
}

/* ------------------------------------------------------------------------ */
/* the search                                                                */

static inline int
bit_length(uint64_t v)
{
    int n = 0;
    while (v) {
        v >>= 1;
        n++;
    }
    return n;
}

static int
checkpoint(Search *s)
{
    if ((s->nodes & SIGNAL_MASK) == 0 && PyErr_CheckSignals() < 0) {
        return -1;
    }
    if (s->nodes >= s->tick_at) {
        if (s->on_tick == NULL || s->on_tick == Py_None) {
            s->tick_at = NEVER;
            return 0;
        }
        PyObject *r = PyObject_CallFunction(s->on_tick, "L", s->nodes);
        if (r == NULL) {
            return -1;
        }
        long long next = PyLong_AsLongLong(r);
        Py_DECREF(r);
        if (next == -1 && PyErr_Occurred()) {
            return -1;
        }
        s->tick_at = next;
    }
    return 0;
}

/* 1 if the side to move wins, 0 if it loses, -1 with an exception set */
static int
wins(Search *s, uint64_t w, uint64_t b, int white)
{
    const int S = s->rows;
    const uint64_t empty = s->board & ~(w | b);
    uint64_t tg[5];
    int sh[5]; /* origin = target >> sh (sh > 0) or target << -sh */
    int ncap, nall;
    uint64_t far;
    if (white) {
        if (s->pawn == PAWN_NORMAL) {
            tg[0] = (w << (S + 1)) & b;
            sh[0] = S + 1;
            tg[1] = (w >> (S - 1)) & b;
            sh[1] = -(S - 1);
            ncap = 2;
            tg[2] = (w << 1) & empty;
            sh[2] = 1;
            nall = 3;
        }
        else {
            tg[0] = (w << 1) & b;
            sh[0] = 1;
            ncap = 1;
            if (s->pawn == PAWN_BEROLINA_PLUS) {
                tg[1] = (w << S) & b;
                sh[1] = S;
                tg[2] = (w >> S) & b;
                sh[2] = -S;
                ncap = 3;
            }
            tg[ncap] = (w << (S + 1)) & empty;
            sh[ncap] = S + 1;
            tg[ncap + 1] = (w >> (S - 1)) & empty;
            sh[ncap + 1] = -(S - 1);
            nall = ncap + 2;
        }
        far = s->top;
    }
    else {
        if (s->pawn == PAWN_NORMAL) {
            tg[0] = (b << (S - 1)) & w;
            sh[0] = S - 1;
            tg[1] = (b >> (S + 1)) & w;
            sh[1] = -(S + 1);
            ncap = 2;
            tg[2] = (b >> 1) & empty;
            sh[2] = -1;
            nall = 3;
        }
        else {
            tg[0] = (b >> 1) & w;
            sh[0] = -1;
            ncap = 1;
            if (s->pawn == PAWN_BEROLINA_PLUS) {
                tg[1] = (b << S) & w;
                sh[1] = S;
                tg[2] = (b >> S) & w;
                sh[2] = -S;
                ncap = 3;
            }
            tg[ncap] = (b << (S - 1)) & empty;
            sh[ncap] = S - 1;
            tg[ncap + 1] = (b >> (S + 1)) & empty;
            sh[ncap + 1] = -(S + 1);
            nall = ncap + 2;
        }
        far = s->bottom;
    }
    uint64_t every = 0;
    for (int j = 0; j < nall; j++) {
        every |= tg[j];
    }
    if (s->misere) {
        if (!every) {
            return 1; /* no move: the player to move wins */
        }
        if (!(every & ~far)) {
            return 0; /* every move promotes, and promoting loses */
        }
        for (int j = 0; j < nall; j++) {
            tg[j] &= ~far;
        }
    }
    else {
        if (every & far) {
            return 1; /* an immediate promotion wins */
        }
        if (!every) {
            return 0; /* stalemate loses */
        }
        /* the opponent's pawns that could promote onto an empty square next
         * move: nobody enters their own home row, so each must be captured */
        uint64_t r, threat;
        if (white) {
            r = b & (s->bottom << 1);
            if (s->pawn == PAWN_NORMAL) {
                threat = ((r >> 1) & empty) << 1;
            }
            else {
                threat = ((r << (S - 1)) & empty) >> (S - 1) |
                         ((r >> (S + 1)) & empty) << (S + 1);
            }
        }
        else {
            r = w & (s->top >> 1);
            if (s->pawn == PAWN_NORMAL) {
                threat = ((r << 1) & empty) >> 1;
            }
            else {
                threat = ((r << (S + 1)) & empty) >> (S + 1) |
                         ((r >> (S - 1)) & empty) << (S - 1);
            }
        }
        if (threat) {
            if (threat & (threat - 1)) {
                return 0; /* two threats: one capture cannot stop both */
            }
            uint64_t any = 0;
            for (int j = 0; j < ncap; j++) {
                tg[j] &= threat;
                any |= tg[j];
            }
            if (!any) {
                return 0;
            }
            nall = ncap;
        }
    }
    uint64_t lo, hi;
    make_key(s, w, b, white, &lo, &hi);
    int found = table_get(s, lo, hi);
    if (found >= 0) {
        return found;
    }
    long long before = ++s->nodes;
    if (((before & SIGNAL_MASK) == 0 || before >= s->tick_at) && checkpoint(s) < 0) {
        return -1;
    }
    int result = 0;
    for (int j = 0; j < nall && !result; j++) {
        uint64_t t = tg[j];
        const int capture = j < ncap, shift = sh[j];
        while (t) {
            uint64_t bit = t & (~t + 1);
            t ^= bit;
            uint64_t origin = shift > 0 ? bit >> shift : bit << -shift;
            int child;
            if (white) {
                child = wins(s, w ^ bit ^ origin, capture ? b ^ bit : b, 0);
            }
            else {
                child = wins(s, capture ? w ^ bit : w, b ^ bit ^ origin, 1);
            }
            if (child < 0) {
                return -1; /* unwind: this position's result is unknown */
            }
            if (!child) {
                result = 1;
                break;
            }
        }
    }
    int effort = bit_length((uint64_t)(s->nodes - before)) / 3;
    if (effort > 7) {
        effort = 7;
    }
    table_put(s, lo, hi, result, effort);
    return result;
}

/* ------------------------------------------------------------------------ */
/* the Python type                                                           */

static int
Search_init(Search *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"columns", "rows", "pawn", "misere", "max_slots", NULL};
    int columns, rows, pawn, misere;
    unsigned long long max_slots = 1ULL << 28;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiip|K", kwlist, &columns, &rows, &pawn,
                                     &misere, &max_slots)) {
        return -1;
    }
    if (s->on_tick != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Hexapawn search is running");
        return -1;
    }
    if (rows < 2 || rows > 8 || columns < 1 || columns * rows > 64) {
        PyErr_Format(PyExc_ValueError,
                     "the compiled Hexapawn search takes 2 to 8 rows and at most 64 squares, "
                     "not %d x %d",
                     columns, rows);
        return -1;
    }
    if (pawn < 0 || pawn > 2) {
        PyErr_Format(PyExc_ValueError, "pawn must be 0, 1 or 2 (normal, berolina, berolina_plus), "
                                       "not %d", pawn);
        return -1;
    }
    if (max_slots < 2 * WINDOW || (max_slots & (max_slots - 1))) {
        PyErr_Format(PyExc_ValueError, "max_slots must be a power of two of at least %d, not %llu",
                     2 * WINDOW, max_slots);
        return -1;
    }
    s->columns = columns;
    s->rows = rows;
    s->pawn = pawn;
    s->misere = misere;
    s->col_bits = 2 * (rows - 1);
    s->key_bits = s->col_bits * columns;
    s->wide = s->key_bits > 60;
    s->colmask = (1ULL << rows) - 1;
    s->board = s->top = s->bottom = 0;
    for (int c = 0; c < columns; c++) {
        s->board |= s->colmask << (c * rows);
        s->top |= 1ULL << (c * rows + rows - 1);
        s->bottom |= 1ULL << (c * rows);
    }
    for (int v = 0; v < 256; v++) {
        int f = 0;
        for (int r = 0; r < rows; r++) {
            if (v >> r & 1) {
                f |= 1 << (rows - 1 - r);
            }
        }
        s->flip[v] = (unsigned char)f;
    }
    /* max_slots bounds the memory in 8-byte words: two-word slots get half */
    narrow_table_free(&s->narrow);
    wide_table_free(&s->wide_t);
    s->narrow.max_cap = max_slots;
    s->wide_t.max_cap = max_slots / 2;
    s->initial_slots = 1 << 12;
    if (s->initial_slots > TABLE_FIELD(s, max_cap)) {
        s->initial_slots = TABLE_FIELD(s, max_cap);
    }
    s->nodes = 0;
    s->tick_at = NEVER;
    s->on_tick = NULL;
    return table_reset(s, s->initial_slots);
}

static void
Search_dealloc(Search *s)
{
    narrow_table_free(&s->narrow);
    wide_table_free(&s->wide_t);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* the bitboard of a column-major board with 8 bits a column (as bytes, one
 * per column) in this search's layout; -1 if a byte has bits off the board */
static int
convert(const Search *s, PyObject *data, uint64_t *out)
{
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(data, &buf, &len) < 0) {
        return -2;
    }
    if (len != s->columns) {
        return -1;
    }
    uint64_t v = 0;
    for (int c = 0; c < s->columns; c++) {
        uint64_t byte = (unsigned char)buf[c];
        if (byte & ~s->colmask) {
            return -1;
        }
        v |= byte << (c * s->rows);
    }
    *out = v;
    return 0;
}

PyDoc_STRVAR(Search_wins_doc,
             "wins(white, black, white_to_move, tick_at=NEVER, on_tick=None)\n--\n\n"
             "Whether the side to move wins.  ``white`` and ``black`` are the bitboards "
             "as bytes, one a column (bit r of byte c is square (c, r)).  Returns "
             "NotImplemented for a board the search does not take (a pawn on its far row, "
             "on a square off the board, or two pawns on one square).  When the count of "
             "positions reaches tick_at, on_tick(count) is called and returns the next "
             "tick_at.");

static PyObject *
Search_wins(Search *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"white", "black", "white_to_move", "tick_at", "on_tick", NULL};
    PyObject *wo, *bo, *on_tick = Py_None;
    int white;
    long long tick_at = NEVER;
    uint64_t w, b;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "SSp|LO", kwlist, &wo, &bo, &white, &tick_at,
                                     &on_tick)) {
        return NULL;
    }
    int cw = convert(s, wo, &w), cb = convert(s, bo, &b);
    if (cw == -2 || cb == -2) {
        return NULL;
    }
    if (cw < 0 || cb < 0 || (w & b) || (w & s->top) || (b & s->bottom)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    if (s->on_tick != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Hexapawn search is already running");
        return NULL;
    }
    s->on_tick = on_tick;
    s->tick_at = tick_at;
    int r = wins(s, w, b, white);
    s->on_tick = NULL;
    s->tick_at = NEVER;
    if (r < 0) {
        return NULL;
    }
    return PyBool_FromLong(r);
}

static PyObject *
Search_clear(Search *s, PyObject *Py_UNUSED(ignored))
{
    if (s->on_tick != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Hexapawn search is running");
        return NULL;
    }
    if (table_reset(s, s->initial_slots) < 0) {
        return NULL;
    }
    s->nodes = 0;
    Py_RETURN_NONE;
}

static PyObject *
Search_get_nodes(Search *s, void *Py_UNUSED(closure))
{
    return PyLong_FromLongLong(s->nodes);
}

static int
Search_set_nodes(Search *s, PyObject *value, void *Py_UNUSED(closure))
{
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "nodes cannot be deleted");
        return -1;
    }
    long long v = PyLong_AsLongLong(value);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    s->nodes = v;
    return 0;
}

static PyObject *
Search_get_count(Search *s, void *Py_UNUSED(closure))
{
    return PyLong_FromUnsignedLongLong(TABLE_FIELD(s, count));
}

static PyObject *
Search_get_size(Search *s, void *Py_UNUSED(closure))
{
    return PyLong_FromUnsignedLongLong(TABLE_FIELD(s, size));
}

static PyObject *
Search_get_replaced(Search *s, void *Py_UNUSED(closure))
{
    return PyLong_FromUnsignedLongLong(TABLE_FIELD(s, replaced));
}

static PyObject *
Search_get_nbytes(Search *s, void *Py_UNUSED(closure))
{
    return PyLong_FromSize_t(s->wide ? wide_table_bytes(&s->wide_t) : narrow_table_bytes(&s->narrow));
}

static PyObject *
Search_get_key_bits(Search *s, void *Py_UNUSED(closure))
{
    return PyLong_FromLong(s->key_bits);
}

static PyMethodDef Search_methods[] = {
    {"wins", (PyCFunction)(void (*)(void))Search_wins, METH_VARARGS | METH_KEYWORDS,
     Search_wins_doc},
    {"clear", (PyCFunction)Search_clear, METH_NOARGS,
     "clear()\n--\n\nForget every stored result and the node count."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, (setter)Search_set_nodes,
     "Positions expanded so far (table entries written).", NULL},
    {"count", (getter)Search_get_count, NULL, "Positions stored in the table.", NULL},
    {"size", (getter)Search_get_size, NULL, "Home slots of the table (a power of two).", NULL},
    {"replaced", (getter)Search_get_replaced, NULL,
     "Entries overwritten by other positions (their window was full).", NULL},
    {"nbytes", (getter)Search_get_nbytes, NULL, "Bytes of the table's slots.", NULL},
    {"key_bits", (getter)Search_get_key_bits, NULL, "Bits of a canonical key.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cgt._kernel_hexapawn.Search",
    .tp_basicsize = sizeof(Search),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(columns, rows, pawn, misere, max_slots=2**28)\n--\n\n"
              "The memoised Hexapawn search of one board size, pawn type (0 normal, "
              "1 berolina, 2 berolina_plus) and ending, with its transposition table.",
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_init = (initproc)Search_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef hexapawn_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "cgt._kernel_hexapawn",
    .m_doc = "The compiled Hexapawn search (see cgt/games/hexapawn/_engine.py).",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__kernel_hexapawn(void)
{
    if (PyType_Ready(&SearchType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&hexapawn_module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddStringConstant(m, "SOURCE_HASH", CGT_SOURCE_HASH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
