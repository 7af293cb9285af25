/*
 * cgt._kernel_canonical: the engine's comparison, canonical form and sum
 * (cgt/canonical.py's le, canonical_form and add) compiled.
 *
 * Why plain C with the CPython C API (and not Cython, pybind11 or mypyc):
 *   - building it needs nothing beyond a C compiler (no build dependency);
 *   - it reads the slots of the existing Python Game and Dyadic objects
 *     directly, at offsets taken once from their member descriptors, so the
 *     Python objects stay the one representation of a game;
 *   - mypyc cannot compile these modules: they build objects with
 *     object.__new__ and fill in their slots.
 *
 * The algorithms are exactly those of cgt/canonical.py (read it first); the
 * Python code stays the fallback and the reference.
 *
 * This kernel also holds cgt's node engine (engine.h: the same algorithms on
 * hash-consed integer nodes with 64-bit dyadic numbers, and the conversion of
 * nodes to Games), the one engine of the compiled solvers: it is exported as
 * the capsule _engine_api, the struct of engine_api.h, and shortgame.c (with
 * boards.h and graphs.h) reaches it only through that.  Interning (make_number,
 * make_nus, _intern_general, _recognise_nus, _numbers_only, _lazy_options)
 * stays in Python so that there is one code path that creates games.
 *
 * Threads: every call back into Python may switch threads, so no pointer into
 * a table is held across a call back (tables are looked up again afterwards),
 * and only completed results are inserted.  Options tuples are held with a
 * strong reference while they are walked.
 *
 * Depth: every recursive step counts its depth in the thread against Python's
 * recursion limit and raises RecursionError beyond it, which cgt/_deep.py
 * turns into a re-run on a big stack with a raised limit, exactly as for the
 * Python engine.  On Linux it also checks the thread's remaining C stack, so
 * a high limit on a small stack raises RecursionError instead of crashing.
 * Long computations check for signals (Ctrl-C) as they go.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

#define CGT_TABLE_CALLOC PyMem_Calloc
#define CGT_TABLE_FREE PyMem_Free
#include "table.h"
#include "engine_api.h"

/* the fingerprint of this kernel's sources, given by setup.py (cgt/_sources.py); cgt does
   not use a kernel whose fingerprint differs from that of the sources beside it */
#ifndef CGT_SOURCE_HASH
#define CGT_SOURCE_HASH ""
#endif

#if defined(__linux__) && defined(__GNUC__)
#include <pthread.h>
#define CGT_STACK_CHECK 1
#endif

/* ------------------------------------------------------------------------ */
/* Slots of Game and Dyadic                                                  */
/* ------------------------------------------------------------------------ */
static PyTypeObject *GameType = NULL;
static Py_ssize_t OFF_id, OFF_x, OFF_k, OFF_m, OFF_is_number, OFF_ls, OFF_rs, OFF_left, OFF_right,
    OFF_neg, OFF_num, OFF_exp;

#define SLOT(o, off) (*(PyObject **)((char *)(o) + (off)))

static PyObject *ns = NULL;        /* cgt.canonical's namespace (module __dict__) */
static PyObject *cache_mod = NULL; /* cgt._cache */
static PyObject *WrongType = NULL; /* cgt.errors.WrongType */
static PyObject *py_zero = NULL, *py_one = NULL;

static PyObject *s_lazy_options, *s_make_number, *s_make_nus, *s_recognise_nus, *s_intern_general,
    *s_numbers_only, *s_ZERO_D, *s_INVERSE_SHORTCUT, *s_limit, *s_forms, *s_data,
    *s_add_big_nus, *s_FAR_NIMBER, *s_UP_SUM_LIMIT, *s_py_le, *s_py_add, *s_py_canonical_form;

static int
member_offset(PyTypeObject *type, const char *name, Py_ssize_t *out)
{
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name); /* borrowed */
    if (descr == NULL || !Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, name);
        return -1;
    }
    PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
    if (m->type != T_OBJECT_EX) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not an object slot", type->tp_name, name);
        return -1;
    }
    *out = m->offset;
    return 0;
}

/* A name of cgt.canonical, looked up at each use (monkeypatching works). */
static PyObject *
ns_get(PyObject *name)
{
    PyObject *f = PyDict_GetItemWithError(ns, name); /* borrowed */
    if (f == NULL && !PyErr_Occurred())
        PyErr_Format(PyExc_AttributeError, "cgt.canonical has no %U", name);
    return f;
}

/* A slot that must be set (NULL only on a half-built object). */
static inline PyObject *
slot(PyObject *o, Py_ssize_t off)
{
    PyObject *v = SLOT(o, off);
    if (v == NULL)
        PyErr_SetString(PyExc_AttributeError, "cgt: a game or number with an unset slot");
    return v;
}

/* The value of an int that fits in one machine word, read in place: 1, or 0
   when it does not (then ask PyLong_AsLongLongAndOverflow). */
static inline int
compact_int(PyObject *o, long long *out)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(o) && PyUnstable_Long_IsCompact((PyLongObject *)o)) {
        *out = (long long)PyUnstable_Long_CompactValue((PyLongObject *)o);
        return 1;
    }
#else
    if (PyLong_CheckExact(o)) {
        Py_ssize_t size = Py_SIZE(o);
        if (size >= -1 && size <= 1) { /* at least one digit is always allocated */
            *out = (long long)size * (long long)((PyLongObject *)o)->ob_digit[0];
            return 1;
        }
    }
#endif
    return 0;
}

/* An int as a long long: 0 and *out set, 1 when it overflows, -1 on error. */
static inline int
as_ll(PyObject *o, long long *out)
{
    if (compact_int(o, out))
        return 0;
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = v;
    return overflow ? 1 : 0;
}

static inline int
game_id(PyObject *g, int64_t *out)
{
    PyObject *v = slot(g, OFF_id);
    if (v == NULL)
        return -1;
    long long r;
    int c = as_ll(v, &r);
    if (c != 0) {
        if (c > 0)
            PyErr_SetString(PyExc_OverflowError, "cgt: a serial number beyond 64 bits");
        return -1;
    }
    *out = (int64_t)r;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Depth guard                                                               */
/* ------------------------------------------------------------------------ */
#ifdef CGT_STACK_CHECK
static __thread uintptr_t stack_floor = 0;

static int
stack_floor_init(void)
{
    pthread_attr_t attr;
    void *addr = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) {
        stack_floor = 1; /* unknown: rely on the recursion limit */
        return 0;
    }
    if (pthread_attr_getstack(&attr, &addr, &size) != 0)
        size = 0;
    pthread_attr_destroy(&attr);
    if (size == 0) {
        stack_floor = 1;
        return 0;
    }
    size_t margin = size / 4;
    if (margin > (size_t)(256 * 1024))
        margin = 256 * 1024;
    stack_floor = (uintptr_t)addr + margin;
    return 0;
}
#endif

#if defined(_MSC_VER)
#define CGT_TLS __declspec(thread)
#else
#define CGT_TLS __thread
#endif

/* Depth of the engine's recursion in this thread.  (Not Py_EnterRecursiveCall:
   from Python 3.12 on it counts against a fixed C limit that the interpreter's
   recursion limit does not raise, and cgt/_deep.py raises that limit to run
   deep games on a big stack.) */
static CGT_TLS long depth = 0;
static unsigned int ticks = 0;

/* The work budget of this thread (cgt._budget.work_limit): every step of the
   engine -- each call of enter() below, and each position a solver values --
   spends one.  The node engine (engine.h) spends the same counter, for itself
   and for the compiled solvers (shortgame.c), which reach it through the
   capsule _engine_api. */
typedef cgt_work_state work_state; /* declared in engine_api.h */
static CGT_TLS work_state work = {0, 0, 0};
static PyObject *WorkLimitExceeded = NULL; /* cgt.errors.WorkLimitExceeded */

static work_state *
work_current(void)
{
    return &work;
}

/* Raise WorkLimitExceeded(limit) for this thread's budget (always returns -1). */
static int
work_exceeded(void)
{
    work.left = 0;
    if (WorkLimitExceeded == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cgt._kernel_canonical: init() was not called");
        return -1;
    }
    PyObject *n = PyLong_FromLongLong(work.limit);
    if (n == NULL)
        return -1;
    PyObject *err = PyObject_CallOneArg(WorkLimitExceeded, n);
    Py_DECREF(n);
    if (err != NULL) {
        PyErr_SetObject(WorkLimitExceeded, err);
        Py_DECREF(err);
    }
    return -1;
}

static int
work_spend(int64_t steps)
{
    if (work.on) {
        if (work.left < steps)
            return work_exceeded();
        work.left -= steps;
    }
    return 0;
}

/* One level down the engine's recursion (see engine.h); spend: one unit of work too. */
static inline int
descend(int spend)
{
#ifdef CGT_STACK_CHECK
    char probe;
    if (stack_floor == 0)
        stack_floor_init();
    if ((uintptr_t)&probe < stack_floor) {
        PyErr_SetString(PyExc_RecursionError,
                        "maximum recursion depth exceeded in cgt's engine (C stack)");
        return -1;
    }
#endif
    if (depth >= Py_GetRecursionLimit()) {
        PyErr_SetString(PyExc_RecursionError,
                        "maximum recursion depth exceeded in cgt's engine");
        return -1;
    }
    if ((++ticks & 0x3ff) == 0 && PyErr_CheckSignals() < 0)
        return -1;
    if (spend && work.on && --work.left < 0)
        return work_exceeded();
    depth++;
    return 0;
}

static inline int
enter(void)
{
#ifdef CGT_STACK_CHECK
    char probe;
    if (stack_floor == 0)
        stack_floor_init();
    if ((uintptr_t)&probe < stack_floor) {
        PyErr_SetString(PyExc_RecursionError,
                        "maximum recursion depth exceeded in cgt's engine (C stack)");
        return -1;
    }
#endif
    if (depth >= Py_GetRecursionLimit()) {
        PyErr_SetString(PyExc_RecursionError,
                        "maximum recursion depth exceeded in cgt's engine");
        return -1;
    }
    if ((++ticks & 0x3ff) == 0 && PyErr_CheckSignals() < 0)
        return -1;
    if (work.on && --work.left < 0)
        return work_exceeded();
    depth++;
    return 0;
}

#define LEAVE() (depth--)

/* The node engine (engine.h), exported to the compiled solvers as _engine_api. */
#include "engine.h"

/* ------------------------------------------------------------------------ */
/* Tables keyed by a pair of serial numbers (never 0)                        */
/* ------------------------------------------------------------------------ */
typedef struct {
    int64_t a, b;
    PyObject *v; /* strong reference */
} entry;

typedef struct {
    int64_t a, b;
} pair;

static inline size_t
pair_hash(int64_t a, int64_t b)
{
    uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15ULL ^ (uint64_t)b * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (size_t)h;
}

/* Bounded by entries (cgt._cache._engine_limit, in table_put), not by slots. */
#define PAIR_HASH(k) pair_hash((k).a, (k).b)
#define PAIR_SAME(e, k) ((e)->a == (k).a && (e)->b == (k).b)
#define PAIR_USED(e) ((e)->a != 0)
#define PAIR_SET(e, k) ((e)->a = (k).a, (e)->b = (k).b)
#define PAIR_ENTRY_HASH(e) pair_hash((e)->a, (e)->b)
CGT_TABLE(pairtab, entry, pair, 1024, PAIR_HASH, PAIR_SAME, PAIR_USED, PAIR_SET, PAIR_ENTRY_HASH)
typedef pairtab table;
#define UNCAPPED 0x80000000u /* slots: these tables are bounded by entries */
static table le_table = {NULL, 0, 0, UNCAPPED, 1024};
static table add_table = {NULL, 0, 0, UNCAPPED, 1024};

/* Borrowed value or NULL (no error). */
static inline PyObject *
table_get(table *t, int64_t a, int64_t b)
{
    entry *e = pairtab_find(t, (pair){a, b});
    return e ? e->v : NULL;
}

/* Empty the table; the references are released after it is detached, since
   releasing a game can run Python code (weak-reference callbacks). */
static void
table_clear(table *t)
{
    entry *old = t->slot;
    size_t cap = old ? (size_t)t->mask + 1 : 0;
    t->slot = NULL;
    t->mask = 0;
    t->count = 0;
    for (size_t i = 0; i < cap; i++)
        if (old[i].a != 0)
            Py_DECREF(old[i].v);
    PyMem_Free(old);
}

/* Insert (or overwrite) without calling Python. */
static int
table_put_raw(table *t, int64_t a, int64_t b, PyObject *v)
{
    entry *e = pairtab_insert(t, (pair){a, b});
    if (e == NULL)
        return -1;
    PyObject *old = e->v; /* NULL in a new entry */
    Py_INCREF(v);
    e->v = v;
    Py_XDECREF(old); /* an equal result: a game still referenced by v's equal */
    return 0;
}

static int
cache_limit(Py_ssize_t *out)
{
    PyObject *lim = PyObject_GetAttr(cache_mod, s_limit);
    if (lim == NULL)
        return -1;
    *out = PyLong_AsSsize_t(lim);
    Py_DECREF(lim);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* Insert a cached result, keeping the table within cgt._cache._engine_limit entries:
   a full table is emptied (a cache only saves work). */
static int
table_put(table *t, int64_t a, int64_t b, PyObject *v)
{
    Py_ssize_t limit;
    if (cache_limit(&limit) < 0)
        return -1;
    if ((Py_ssize_t)t->count >= limit)
        table_clear(t);
    return table_put_raw(t, a, b, v);
}

/* Comparisons of two games whose serial numbers are below 2**31 (all but
   those of a very long session) are kept in one 64-bit word each, a third of
   the memory of an entry above: the table is read at random, so its size
   decides how often a look-up waits for memory.  A word is
   (a << 32) | (b << 1) | result; 0 marks an empty slot (serials start at 1). */
typedef struct {
    uint64_t w;
} word;

#define SMALL_ID(x) ((x) > 0 && (x) < ((int64_t)1 << 31))

static inline size_t
word_hash(uint64_t w)
{
    w ^= w >> 31;
    w *= 0x9E3779B97F4A7C15ULL;
    w ^= w >> 29;
    return (size_t)w;
}

#define WORD_SAME(e, base) (((e)->w & ~(uint64_t)1) == (base))
#define WORD_USED(e) ((e)->w != 0)
#define WORD_SET(e, base) ((e)->w = (base))
#define WORD_ENTRY_HASH(e) word_hash((e)->w & ~(uint64_t)1)
CGT_TABLE(wordtable, word, uint64_t, 1024, word_hash, WORD_SAME, WORD_USED, WORD_SET, WORD_ENTRY_HASH)
static wordtable le_words = {NULL, 0, 0, UNCAPPED, 0};

/* -1: not there; else the cached result. */
static inline int
words_get(wordtable *t, uint64_t base)
{
    word *e = wordtable_find(t, base);
    return e ? (int)(e->w & 1) : -1;
}

static void
words_clear(wordtable *t)
{
    wordtable_free(t);
}

static int
words_put(wordtable *t, uint64_t base, int v)
{
    word *e = wordtable_insert(t, base);
    if (e == NULL)
        return -1;
    if (e->w == base) /* new (an old entry keeps its result, the same one found meanwhile) */
        e->w = base | (uint64_t)(v != 0);
    return 0;
}

/* Cache a comparison, keeping both comparison tables within the limit. */
static int
le_put(int64_t a, int64_t b, int r)
{
    Py_ssize_t limit;
    if (cache_limit(&limit) < 0)
        return -1;
    if ((Py_ssize_t)(le_words.count + le_table.count) >= limit) {
        words_clear(&le_words);
        table_clear(&le_table);
    }
    if (SMALL_ID(a) && SMALL_ID(b))
        return words_put(&le_words, ((uint64_t)a << 32) | ((uint64_t)b << 1), r);
    return table_put_raw(&le_table, a, b, r ? Py_True : Py_False);
}

/* -1: not cached; else the cached result. */
static inline int
le_get(int64_t a, int64_t b)
{
    if (SMALL_ID(a) && SMALL_ID(b))
        return words_get(&le_words, ((uint64_t)a << 32) | ((uint64_t)b << 1));
    PyObject *v = table_get(&le_table, a, b);
    return v == NULL ? -1 : v == Py_True;
}

/* ------------------------------------------------------------------------ */
/* Dyadic comparison                                                         */
/* ------------------------------------------------------------------------ */
static int
dcmp_slow(PyObject *na, PyObject *ea, PyObject *nb, PyObject *eb)
{
    int res = -2;
    PyObject *lhs = NULL, *rhs = NULL, *d = NULL;
    int gt = PyObject_RichCompareBool(ea, eb, Py_GT);
    if (gt < 0)
        return -2;
    if (gt) {
        d = PyNumber_Subtract(ea, eb);
        if (d == NULL)
            goto done;
        lhs = na;
        Py_INCREF(lhs);
        rhs = PyNumber_Lshift(nb, d);
    }
    else {
        d = PyNumber_Subtract(eb, ea);
        if (d == NULL)
            goto done;
        lhs = PyNumber_Lshift(na, d);
        rhs = nb;
        Py_INCREF(rhs);
    }
    if (lhs == NULL || rhs == NULL)
        goto done;
    int lt = PyObject_RichCompareBool(lhs, rhs, Py_LT);
    if (lt < 0)
        goto done;
    if (lt) {
        res = -1;
        goto done;
    }
    int eq = PyObject_RichCompareBool(lhs, rhs, Py_EQ);
    if (eq < 0)
        goto done;
    res = eq ? 0 : 1;
done:
    Py_XDECREF(lhs);
    Py_XDECREF(rhs);
    Py_XDECREF(d);
    return res;
}

static inline int
fits_shift(long long x, long long d)
{
    if (d >= 62)
        return x == 0;
    long long lim = 1LL << (62 - d);
    return x > -lim && x < lim;
}

/* Three-way compare of two Dyadics: -1, 0, 1, or -2 with an exception set. */
static int
dcmp(PyObject *a, PyObject *b)
{
    if (a == b)
        return 0;
    PyObject *na = slot(a, OFF_num), *ea = slot(a, OFF_exp);
    PyObject *nb = slot(b, OFF_num), *eb = slot(b, OFF_exp);
    if (na == NULL || ea == NULL || nb == NULL || eb == NULL)
        return -2;
    long long xa = 0, xb = 0, pa = 0, pb = 0;
    int o1 = as_ll(na, &xa), o2 = as_ll(nb, &xb), o3 = as_ll(ea, &pa), o4 = as_ll(eb, &pb);
    if (o1 < 0 || o2 < 0 || o3 < 0 || o4 < 0)
        return -2;
    if (!(o1 | o2 | o3 | o4) && pa >= 0 && pb >= 0 && pa < (1LL << 40) && pb < (1LL << 40)) {
        long long d = pa - pb;
        if (d == 0)
            return (xa > xb) - (xa < xb);
        if (d > 0) {
            if (fits_shift(xb, d)) {
                long long s = xb * (1LL << (d >= 62 ? 0 : d));
                return (xa > s) - (xa < s);
            }
        }
        else if (fits_shift(xa, -d)) {
            long long s = xa * (1LL << (-d >= 62 ? 0 : -d));
            return (s > xb) - (s < xb);
        }
    }
    return dcmp_slow(na, ea, nb, eb);
}

/* a < b: 1, 0, or -1 with an exception set. */
static inline int
dlt(PyObject *a, PyObject *b)
{
    int c = dcmp(a, b);
    if (c == -2)
        return -1;
    return c == -1;
}

/* ------------------------------------------------------------------------ */
/* Options                                                                   */
/* ------------------------------------------------------------------------ */
/* A new reference to g's Left (side 0) or Right (side 1) options tuple,
   making the options of a number or nus node first if needed. */
static PyObject *
options(PyObject *g, int side)
{
    Py_ssize_t off = side ? OFF_right : OFF_left;
    PyObject *t = SLOT(g, off);
    if (t == NULL || t == Py_None) {
        PyObject *f = ns_get(s_lazy_options);
        if (f == NULL)
            return NULL;
        Py_INCREF(f);
        PyObject *r = PyObject_CallOneArg(f, g);
        Py_DECREF(f);
        if (r == NULL)
            return NULL;
        Py_DECREF(r);
        t = SLOT(g, off);
        if (t == NULL || !PyTuple_Check(t)) {
            PyErr_SetString(PyExc_TypeError, "cgt: _lazy_options left a game without options");
            return NULL;
        }
    }
    else if (!PyTuple_CheckExact(t)) {
        PyErr_SetString(PyExc_TypeError, "cgt: a game's options must be a tuple");
        return NULL;
    }
    Py_INCREF(t);
    return t;
}

static inline int
is_number(PyObject *g)
{
    return SLOT(g, OFF_is_number) == Py_True;
}

/* ------------------------------------------------------------------------ */
/* le                                                                        */
/* ------------------------------------------------------------------------ */
/* x + k.up + *m >= 0 where x = hx - gx, k = hk - gk, m = hm ^ gm. */
static int
nus_le(PyObject *g, PyObject *h, PyObject *gx, PyObject *hx)
{
    int c = dcmp(gx, hx);
    if (c == -2)
        return -1;
    if (c != 0)
        return c < 0;
    PyObject *gk = slot(g, OFF_k), *hk = slot(h, OFF_k), *gm = slot(g, OFF_m),
             *hm = slot(h, OFF_m);
    if (gk == NULL || hk == NULL || gm == NULL || hm == NULL)
        return -1;
    int ov1, ov2, ov3, ov4;
    long long a = PyLong_AsLongLongAndOverflow(gk, &ov1);
    long long b = PyLong_AsLongLongAndOverflow(hk, &ov2);
    long long p = PyLong_AsLongLongAndOverflow(gm, &ov3);
    long long q = PyLong_AsLongLongAndOverflow(hm, &ov4);
    if (PyErr_Occurred())
        return -1;
    long long k;
    int m_zero, m_one;
    int ksign; /* sign of k, and k >= 2 */
    int k_is_one = 0;
    /* k = b - a, when it does not overflow (a portable check) */
    int k_fits = !(ov1 | ov2) && !(a > 0 && b < LLONG_MIN + a) && !(a < 0 && b > LLONG_MAX + a);
    if (k_fits) {
        k = b - a;
        ksign = (k > 0) - (k < 0);
        k_is_one = k == 1;
    }
    else {
        PyObject *kk = PyNumber_Subtract(hk, gk);
        if (kk == NULL)
            return -1;
        int pos = PyObject_RichCompareBool(kk, py_zero, Py_GT);
        int neg = pos ? 0 : PyObject_RichCompareBool(kk, py_zero, Py_LT);
        int one = pos > 0 ? PyObject_RichCompareBool(kk, py_one, Py_EQ) : 0;
        Py_DECREF(kk);
        if (pos < 0 || neg < 0 || one < 0)
            return -1;
        ksign = pos ? 1 : (neg ? -1 : 0);
        k_is_one = one;
    }
    if (!(ov3 | ov4)) {
        m_zero = p == q;
        m_one = (p ^ q) == 1;
    }
    else {
        PyObject *mm = PyNumber_Xor(hm, gm);
        if (mm == NULL)
            return -1;
        int ov;
        long long v = PyLong_AsLongLongAndOverflow(mm, &ov);
        Py_DECREF(mm);
        if (v == -1 && PyErr_Occurred())
            return -1;
        m_zero = !ov && v == 0;
        m_one = !ov && v == 1;
    }
    if (ksign == 0)
        return m_zero;
    if (ksign < 0)
        return 0;
    if (k_is_one)
        return !m_one;
    return 1;
}

static int le_impl(PyObject *g, PyObject *h);

/* Is some option o of `opts` with le(o, other) (flip: le(other, o))? */
static int
any_le(PyObject *opts, PyObject *other, int flip)
{
    Py_ssize_t n = PyTuple_GET_SIZE(opts);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PyTuple_GET_ITEM(opts, i);
        int r = flip ? le_impl(other, o) : le_impl(o, other);
        if (r != 0)
            return r; /* 1, or -1 on error */
    }
    return 0;
}

static int
le_impl(PyObject *g, PyObject *h)
{
    if (g == h)
        return 1;
    PyObject *gx = slot(g, OFF_x), *hx = slot(h, OFF_x);
    if (gx == NULL || hx == NULL)
        return -1;
    if (gx != Py_None && hx != Py_None)
        return nus_le(g, h, gx, hx);
    PyObject *gls = slot(g, OFF_ls), *grs = slot(g, OFF_rs), *hls = slot(h, OFF_ls),
             *hrs = slot(h, OFF_rs);
    if (gls == NULL || grs == NULL || hls == NULL || hrs == NULL)
        return -1;
    int c = dlt(hls, gls);
    if (c != 0)
        return c < 0 ? -1 : 0;
    c = dlt(hrs, grs);
    if (c != 0)
        return c < 0 ? -1 : 0;
    c = dlt(gls, hrs);
    if (c != 0)
        return c; /* 1, or -1 */
    int64_t gi, hi;
    if (game_id(g, &gi) < 0 || game_id(h, &hi) < 0)
        return -1;
    int cached = le_get(gi, hi);
    if (cached >= 0)
        return cached;
    if (enter() < 0)
        return -1;
    int r;
    PyObject *opts;
    if (gx != Py_None && is_number(g)) {
        /* number avoidance: x <= H iff no H^R <= x */
        opts = options(h, 1);
        r = opts ? any_le(opts, g, 0) : -1;
        Py_XDECREF(opts);
        if (r >= 0)
            r = !r;
    }
    else if (hx != Py_None && is_number(h)) {
        /* G <= y iff no G^L >= y */
        opts = options(g, 0);
        r = opts ? any_le(opts, h, 1) : -1;
        Py_XDECREF(opts);
        if (r >= 0)
            r = !r;
    }
    else {
        opts = options(g, 0);
        r = opts ? any_le(opts, h, 1) : -1;
        Py_XDECREF(opts);
        if (r == 0) {
            opts = options(h, 1);
            r = opts ? any_le(opts, g, 0) : -1;
            Py_XDECREF(opts);
        }
        if (r >= 0)
            r = !r;
    }
    LEAVE();
    if (r < 0)
        return -1;
    if (le_put(gi, hi, r) < 0)
        return -1;
    return r;
}

static int
check_game(PyObject *o, const char *what)
{
    if (GameType == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cgt._kernel_canonical: init() was not called");
        return -1;
    }
    if (!PyObject_TypeCheck(o, GameType)) {
        PyErr_Format(WrongType, "%s takes cgt.Game values, not %.100s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    return 0;
}

static PyObject *
k_le(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "le(g, h) takes two games");
        return NULL;
    }
    if (check_game(args[0], "le") < 0 || check_game(args[1], "le") < 0)
        return NULL;
    int r = le_impl(args[0], args[1]);
    if (r < 0)
        return NULL;
    return PyBool_FromLong(r);
}

/* ------------------------------------------------------------------------ */
/* canonical_form                                                            */
/* ------------------------------------------------------------------------ */
/* A growable array of strong references. */
typedef struct {
    PyObject **items;
    Py_ssize_t n, cap;
} vec;

static void
vec_free(vec *v)
{
    for (Py_ssize_t i = 0; i < v->n; i++)
        Py_DECREF(v->items[i]);
    PyMem_Free(v->items);
    v->items = NULL;
    v->n = v->cap = 0;
}

static int
vec_push(vec *v, PyObject *o) /* takes a new reference to o */
{
    if (v->n == v->cap) {
        Py_ssize_t cap = v->cap ? 2 * v->cap : 8;
        PyObject **items = PyMem_Realloc(v->items, (size_t)cap * sizeof(PyObject *));
        if (items == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        v->items = items;
        v->cap = cap;
    }
    Py_INCREF(o);
    v->items[v->n++] = o;
    return 0;
}

/* Append the items of `src` not yet in `dst` (games are interned: identity). */
static int
vec_extend_unique(vec *dst, PyObject *const *src, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = src[i];
        int seen = 0;
        if (dst->n < 48) {
            for (Py_ssize_t j = 0; j < dst->n; j++)
                if (dst->items[j] == o) {
                    seen = 1;
                    break;
                }
        }
        else {
            /* many options (x + *m): a pointer set over dst */
            Py_ssize_t cap = 64;
            while (cap < 2 * (dst->n + n))
                cap *= 2;
            PyObject **set = PyMem_Calloc((size_t)cap, sizeof(PyObject *));
            if (set == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            size_t mask = (size_t)cap - 1;
#define PHASH(p) ((((size_t)(p)) >> 4) * 0x9E3779B97F4A7C15ULL)
            for (Py_ssize_t j = 0; j < dst->n; j++) {
                size_t k = PHASH(dst->items[j]) & mask;
                while (set[k] != NULL && set[k] != dst->items[j])
                    k = (k + 1) & mask;
                set[k] = dst->items[j];
            }
            for (; i < n; i++) {
                o = src[i];
                size_t k = PHASH(o) & mask;
                while (set[k] != NULL && set[k] != o)
                    k = (k + 1) & mask;
                if (set[k] == o)
                    continue;
                set[k] = o;
                if (vec_push(dst, o) < 0) {
                    PyMem_Free(set);
                    return -1;
                }
            }
#undef PHASH
            PyMem_Free(set);
            return 0;
        }
        if (!seen && vec_push(dst, o) < 0)
            return -1;
    }
    return 0;
}

static int
all_numbers(vec *v)
{
    for (Py_ssize_t i = 0; i < v->n; i++)
        if (!is_number(v->items[i]))
            return 0;
    return 1;
}

static PyObject *
vec_to_list(vec *v)
{
    PyObject *l = PyList_New(v->n);
    if (l == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < v->n; i++) {
        Py_INCREF(v->items[i]);
        PyList_SET_ITEM(l, i, v->items[i]);
    }
    return l;
}

static PyObject *
vec_to_tuple(vec *v)
{
    PyObject *t = PyTuple_New(v->n);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < v->n; i++) {
        Py_INCREF(v->items[i]);
        PyTuple_SET_ITEM(t, i, v->items[i]);
    }
    return t;
}

static PyObject *
call2(PyObject *name, PyObject *a, PyObject *b)
{
    PyObject *f = ns_get(name);
    if (f == NULL)
        return NULL;
    Py_INCREF(f);
    PyObject *args[2] = {a, b};
    PyObject *r = PyObject_Vectorcall(f, args, 2, NULL);
    Py_DECREF(f);
    return r;
}

static PyObject *
numbers_only(vec *L, vec *R)
{
    PyObject *l = vec_to_list(L);
    PyObject *r = l ? vec_to_list(R) : NULL;
    PyObject *res = r ? call2(s_numbers_only, l, r) : NULL;
    Py_XDECREF(l);
    Py_XDECREF(r);
    return res;
}

/* The undominated options (cgt.canonical._undominated), in the same order. */
static int
undominated(vec *opts, int for_left, vec *out)
{
    PyObject *best = NULL;
    vec cand = {NULL, 0, 0};
    vec kept = {NULL, 0, 0};
    for (Py_ssize_t i = 0; i < opts->n; i++) {
        PyObject *o = opts->items[i];
        if (is_number(o)) {
            if (best == NULL) {
                best = o;
                continue;
            }
            int c = for_left ? dlt(SLOT(best, OFF_x), SLOT(o, OFF_x))
                             : dlt(SLOT(o, OFF_x), SLOT(best, OFF_x));
            if (c < 0)
                goto fail;
            if (c)
                best = o;
        }
    }
    if (best != NULL && vec_push(&cand, best) < 0)
        goto fail;
    for (Py_ssize_t i = 0; i < opts->n; i++) {
        PyObject *o = opts->items[i];
        if (!is_number(o) && vec_push(&cand, o) < 0)
            goto fail;
    }
    for (Py_ssize_t i = 0; i < cand.n; i++) {
        PyObject *a = cand.items[i];
        int dominated = 0;
        for (Py_ssize_t j = 0; j < kept.n; j++) {
            PyObject *b = kept.items[j];
            int r = for_left ? le_impl(a, b) : le_impl(b, a);
            if (r < 0)
                goto fail;
            if (r) {
                dominated = 1;
                break;
            }
        }
        if (dominated)
            continue;
        Py_ssize_t w = 0;
        for (Py_ssize_t j = 0; j < kept.n; j++) {
            PyObject *b = kept.items[j];
            int r = for_left ? le_impl(b, a) : le_impl(a, b);
            if (r < 0) {
                /* keep the vector consistent before failing */
                for (Py_ssize_t t = j; t < kept.n; t++)
                    kept.items[w++] = kept.items[t];
                kept.n = w;
                goto fail;
            }
            if (r)
                Py_DECREF(b);
            else
                kept.items[w++] = b;
        }
        kept.n = w;
        if (vec_push(&kept, a) < 0)
            goto fail;
    }
    vec_free(&cand);
    *out = kept;
    return 0;
fail:
    vec_free(&cand);
    vec_free(&kept);
    return -1;
}

/* Comparisons of a canonical game with the raw form {L|R} being built. */
typedef struct {
    vec *L, *R;
    table memo;
} rawform;

static int raw_le(rawform *f, PyObject *x);

/* x <= {L|R} */
static int
raw_ge(rawform *f, PyObject *x)
{
    int64_t xi;
    if (game_id(x, &xi) < 0)
        return -1;
    PyObject *c = table_get(&f->memo, xi, 1);
    if (c != NULL)
        return c == Py_True;
    if (enter() < 0)
        return -1;
    int r = 0;
    for (Py_ssize_t i = 0; i < f->R->n && r == 0; i++)
        r = le_impl(f->R->items[i], x);
    if (r == 0) {
        PyObject *opts = options(x, 0);
        if (opts == NULL)
            r = -1;
        else {
            Py_ssize_t n = PyTuple_GET_SIZE(opts);
            for (Py_ssize_t i = 0; i < n && r == 0; i++)
                r = raw_le(f, PyTuple_GET_ITEM(opts, i));
            Py_DECREF(opts);
        }
    }
    LEAVE();
    if (r < 0)
        return -1;
    r = !r;
    if (table_put_raw(&f->memo, xi, 1, r ? Py_True : Py_False) < 0)
        return -1;
    return r;
}

/* {L|R} <= x */
static int
raw_le(rawform *f, PyObject *x)
{
    int64_t xi;
    if (game_id(x, &xi) < 0)
        return -1;
    PyObject *c = table_get(&f->memo, xi, 2);
    if (c != NULL)
        return c == Py_True;
    if (enter() < 0)
        return -1;
    int r = 0;
    for (Py_ssize_t i = 0; i < f->L->n && r == 0; i++)
        r = le_impl(x, f->L->items[i]);
    if (r == 0) {
        PyObject *opts = options(x, 1);
        if (opts == NULL)
            r = -1;
        else {
            Py_ssize_t n = PyTuple_GET_SIZE(opts);
            for (Py_ssize_t i = 0; i < n && r == 0; i++)
                r = raw_ge(f, PyTuple_GET_ITEM(opts, i));
            Py_DECREF(opts);
        }
    }
    LEAVE();
    if (r < 0)
        return -1;
    r = !r;
    if (table_put_raw(&f->memo, xi, 2, r ? Py_True : Py_False) < 0)
        return -1;
    return r;
}

/* One pass of bypassing reversible options on one side: Left option A is
   reversible through A^R if A^R <= G; Right option B through B^L if B^L >= G. */
static int
bypass(rawform *f, vec *side, int right, vec *out, int *changed)
{
    for (Py_ssize_t i = 0; i < side->n; i++) {
        PyObject *a = side->items[i];
        PyObject *opts = options(a, !right);
        if (opts == NULL)
            return -1;
        int replaced = 0;
        Py_ssize_t n = PyTuple_GET_SIZE(opts);
        for (Py_ssize_t j = 0; j < n; j++) {
            PyObject *ar = PyTuple_GET_ITEM(opts, j);
            int r = right ? raw_le(f, ar) : raw_ge(f, ar);
            if (r < 0) {
                Py_DECREF(opts);
                return -1;
            }
            if (r) {
                PyObject *through = options(ar, right);
                if (through == NULL) {
                    Py_DECREF(opts);
                    return -1;
                }
                Py_ssize_t m = PyTuple_GET_SIZE(through);
                for (Py_ssize_t t = 0; t < m; t++)
                    if (vec_push(out, PyTuple_GET_ITEM(through, t)) < 0) {
                        Py_DECREF(through);
                        Py_DECREF(opts);
                        return -1;
                    }
                Py_DECREF(through);
                replaced = *changed = 1;
                break;
            }
        }
        Py_DECREF(opts);
        if (!replaced && vec_push(out, a) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Interning: a read-only fast path for forms already interned               */
/* ------------------------------------------------------------------------ */
typedef struct {
    int64_t id;
    PyObject *obj;
} idpair;

/* The tuple of the options' serial numbers, sorted (cgt.canonical's key). */
static PyObject *
sorted_ids(PyObject *opts)
{
    Py_ssize_t n = PyTuple_GET_SIZE(opts);
    idpair small[16];
    idpair *a = n <= 16 ? small : PyMem_Malloc((size_t)n * sizeof(idpair));
    if (a == NULL)
        return PyErr_NoMemory();
    PyObject *res = NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PyTuple_GET_ITEM(opts, i);
        if (game_id(o, &a[i].id) < 0)
            goto done;
        a[i].obj = SLOT(o, OFF_id);
    }
    for (Py_ssize_t i = 1; i < n; i++) { /* insertion sort: option lists are short */
        idpair v = a[i];
        Py_ssize_t j = i - 1;
        while (j >= 0 && a[j].id > v.id) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
        if ((i & 0xfff) == 0 && PyErr_CheckSignals() < 0)
            goto done;
    }
    res = PyTuple_New(n);
    if (res == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(a[i].obj);
        PyTuple_SET_ITEM(res, i, a[i].obj);
    }
done:
    if (a != small)
        PyMem_Free(a);
    return res;
}

/* The interned general form with these options, if alive: a new reference,
   or NULL (with an exception set only on error).  Creating a form stays in
   cgt.canonical._intern_general (one code path, under its lock). */
static PyObject *
interned_form(PyObject *lt, PyObject *rt)
{
    if (PyTuple_GET_SIZE(lt) + PyTuple_GET_SIZE(rt) > 4096)
        return NULL; /* long keys: leave it to Python */
    PyObject *forms = ns_get(s_forms);
    if (forms == NULL)
        return NULL;
    PyObject *data = PyObject_GetAttr(forms, s_data);
    if (data == NULL) { /* not a WeakValueDictionary: let Python intern */
        if (PyErr_ExceptionMatches(PyExc_AttributeError))
            PyErr_Clear();
        return NULL;
    }
    PyObject *res = NULL;
    PyObject *lk = NULL, *rk = NULL, *key = NULL;
    if (!PyDict_CheckExact(data))
        goto done;
    lk = sorted_ids(lt);
    rk = lk ? sorted_ids(rt) : NULL;
    key = rk ? PyTuple_Pack(2, lk, rk) : NULL;
    if (key == NULL)
        goto done;
    PyObject *ref = PyDict_GetItemWithError(data, key); /* borrowed */
    if (ref != NULL && PyWeakref_Check(ref)) {
#if PY_VERSION_HEX >= 0x030D0000
        PyObject *g = NULL;
        if (PyWeakref_GetRef(ref, &g) > 0) /* a new reference; none when dead */
            res = g;
#else
        PyObject *g = PyWeakref_GetObject(ref); /* borrowed; None when dead */
        if (g != NULL && g != Py_None) {
            Py_INCREF(g);
            res = g;
        }
#endif
    }
done:
    Py_DECREF(data);
    Py_XDECREF(lk);
    Py_XDECREF(rk);
    Py_XDECREF(key);
    return res;
}

static PyObject *
intern_general(PyObject *lt, PyObject *rt)
{
    PyObject *g = interned_form(lt, rt);
    if (g != NULL || PyErr_Occurred())
        return g;
    return call2(s_intern_general, lt, rt);
}

/* The nus node whose canonical options these are, if any: only asked of
   cgt.canonical._recognise_nus when every option has a number part. */
static PyObject *
recognise_or_intern(vec *L, vec *R)
{
    PyObject *lt = vec_to_tuple(L);
    PyObject *rt = lt ? vec_to_tuple(R) : NULL;
    PyObject *res = NULL;
    if (rt == NULL)
        goto done;
    int maybe_nus = L->n > 0 && R->n > 0;
    for (Py_ssize_t i = 0; maybe_nus && i < L->n; i++)
        if (SLOT(L->items[i], OFF_x) == Py_None)
            maybe_nus = 0;
    for (Py_ssize_t i = 0; maybe_nus && i < R->n; i++)
        if (SLOT(R->items[i], OFF_x) == Py_None)
            maybe_nus = 0;
    if (maybe_nus) {
        res = call2(s_recognise_nus, lt, rt);
        if (res == NULL)
            goto done;
        if (res != Py_None)
            goto done;
        Py_CLEAR(res);
    }
    res = intern_general(lt, rt);
done:
    Py_XDECREF(lt);
    Py_XDECREF(rt);
    return res;
}

/* canonical_form of the (deduplicated) options in L and R; consumes them. */
static PyObject *
canonical_impl(vec *L0, vec *R0)
{
    vec L = *L0, R = *R0;
    PyObject *res = NULL;
    L0->items = R0->items = NULL;
    L0->n = R0->n = L0->cap = R0->cap = 0;
    if (all_numbers(&L) && all_numbers(&R)) {
        res = numbers_only(&L, &R);
        goto done;
    }
    if (enter() < 0)
        goto done;
    for (;;) {
        vec uL, uR;
        if (undominated(&L, 1, &uL) < 0) {
            LEAVE();
            goto done;
        }
        vec_free(&L);
        L = uL;
        if (undominated(&R, 0, &uR) < 0) {
            LEAVE();
            goto done;
        }
        vec_free(&R);
        R = uR;
        int changed = 0;
        rawform f = {&L, &R, {NULL, 0, 0, UNCAPPED, 16}};
        vec newL = {NULL, 0, 0}, newR = {NULL, 0, 0};
        int bad = bypass(&f, &L, 0, &newL, &changed) < 0 ||
                  bypass(&f, &R, 1, &newR, &changed) < 0;
        table_clear(&f.memo);
        vec dL = {NULL, 0, 0}, dR = {NULL, 0, 0};
        if (!bad)
            bad = vec_extend_unique(&dL, newL.items, newL.n) < 0 ||
                  vec_extend_unique(&dR, newR.items, newR.n) < 0;
        vec_free(&newL);
        vec_free(&newR);
        vec_free(&L);
        vec_free(&R);
        L = dL;
        R = dR;
        if (bad) {
            LEAVE();
            goto done;
        }
        if (!changed)
            break;
        if (PyErr_CheckSignals() < 0) {
            LEAVE();
            goto done;
        }
    }
    LEAVE();
    if (all_numbers(&L) && all_numbers(&R))
        res = numbers_only(&L, &R);
    else
        res = recognise_or_intern(&L, &R);
done:
    vec_free(&L);
    vec_free(&R);
    return res;
}

/* Deduplicated strong references to the items of an iterable of games. */
static int
collect(PyObject *iterable, vec *out)
{
    PyObject *seq = PySequence_Fast(iterable, "canonical_form takes iterables of games");
    if (seq == NULL) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(WrongType, "canonical_form takes iterables of games, not %.100s",
                         Py_TYPE(iterable)->tp_name);
        }
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++)
        if (check_game(items[i], "canonical_form") < 0) {
            Py_DECREF(seq);
            return -1;
        }
    int r = vec_extend_unique(out, items, n);
    Py_DECREF(seq);
    return r;
}

static PyObject *
k_canonical_form(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "canonical_form(left, right) takes two iterables");
        return NULL;
    }
    if (GameType == NULL)
        return (check_game(Py_None, "canonical_form"), NULL);
    vec L = {NULL, 0, 0}, R = {NULL, 0, 0};
    if (collect(args[0], &L) < 0 || collect(args[1], &R) < 0) {
        vec_free(&L);
        vec_free(&R);
        return NULL;
    }
    return canonical_impl(&L, &R);
}

/* ------------------------------------------------------------------------ */
/* add                                                                       */
/* ------------------------------------------------------------------------ */
static PyObject *add_impl(PyObject *g, PyObject *h);

static PyObject *
make_nus_sum(PyObject *g, PyObject *h, PyObject *gx, PyObject *hx)
{
    PyObject *x = PyNumber_Add(gx, hx);
    PyObject *k = x ? PyNumber_Add(SLOT(g, OFF_k), SLOT(h, OFF_k)) : NULL;
    PyObject *m = k ? PyNumber_Xor(SLOT(g, OFF_m), SLOT(h, OFF_m)) : NULL;
    PyObject *res = NULL;
    if (m != NULL) {
        PyObject *f = ns_get(s_make_nus);
        if (f != NULL) {
            Py_INCREF(f);
            PyObject *args[3] = {x, k, m};
            res = PyObject_Vectorcall(f, args, 3, NULL);
            Py_DECREF(f);
        }
    }
    Py_XDECREF(x);
    Py_XDECREF(k);
    Py_XDECREF(m);
    return res;
}

/* g + x for a general canonical g and a number x: {G^L + x | G^R + x}. */
static PyObject *
translate(PyObject *g, PyObject *x)
{
    PyObject *sides[2] = {NULL, NULL};
    PyObject *res = NULL;
    for (int s = 0; s < 2; s++) {
        PyObject *opts = options(g, s);
        if (opts == NULL)
            goto done;
        Py_ssize_t n = PyTuple_GET_SIZE(opts);
        PyObject *t = PyTuple_New(n);
        if (t == NULL) {
            Py_DECREF(opts);
            goto done;
        }
        sides[s] = t;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *r = add_impl(PyTuple_GET_ITEM(opts, i), x);
            if (r == NULL) {
                Py_DECREF(opts);
                goto done;
            }
            PyTuple_SET_ITEM(t, i, r);
        }
        Py_DECREF(opts);
    }
    res = intern_general(sides[0], sides[1]);
done:
    Py_XDECREF(sides[0]);
    Py_XDECREF(sides[1]);
    return res;
}

static int
dyadic_is_zero(PyObject *x)
{
    PyObject *num = slot(x, OFF_num);
    if (num == NULL)
        return -1;
    int ov;
    long long v = PyLong_AsLongLongAndOverflow(num, &ov);
    if (v == -1 && PyErr_Occurred())
        return -1;
    return !ov && v == 0;
}

/* Push add(a, b) for each a in opts (swap: add(b, a)). */
static int
push_sums(vec *out, PyObject *opts, PyObject *b, int swap)
{
    Py_ssize_t n = PyTuple_GET_SIZE(opts);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = PyTuple_GET_ITEM(opts, i);
        PyObject *r = swap ? add_impl(b, a) : add_impl(a, b);
        if (r == NULL)
            return -1;
        int bad = vec_push(out, r);
        Py_DECREF(r);
        if (bad < 0)
            return -1;
    }
    return 0;
}

/* Is the int at o above the int named `name` in cgt.canonical (|o| when `absolute`)?
   1 or 0, -1 on error. */
static int
above_limit(PyObject *o, PyObject *name, int absolute)
{
    PyObject *limit = ns_get(name);
    if (limit == NULL)
        return -1;
    if (absolute) {
        PyObject *a = PyNumber_Absolute(o);
        if (a == NULL)
            return -1;
        int r = PyObject_RichCompareBool(a, limit, Py_GT);
        Py_DECREF(a);
        return r;
    }
    return PyObject_RichCompareBool(o, limit, Py_GT);
}

/* Big nus values: g + h for a general g and h = x + k.up + *m with m > FAR_NIMBER
   or |k| > UP_SUM_LIMIT goes to cgt.canonical._add_big_nus (a closed form, or
   TooLarge), the one implementation of that rule.  Returns 1 with *out set when
   it answered, 0 when the sum is to be expanded (h is not such a value, or Python
   returned None), -1 on error. */
static int
big_nus_sum(PyObject *g, PyObject *h, PyObject **out)
{
    int big = above_limit(SLOT(h, OFF_m), s_FAR_NIMBER, 0);
    if (big == 0)
        big = above_limit(SLOT(h, OFF_k), s_UP_SUM_LIMIT, 1);
    if (big <= 0)
        return big;
    PyObject *f = ns_get(s_add_big_nus);
    if (f == NULL)
        return -1;
    Py_INCREF(f);
    PyObject *args[2] = {g, h};
    PyObject *r = PyObject_Vectorcall(f, args, 2, NULL);
    Py_DECREF(f);
    if (r == NULL)
        return -1;
    if (r == Py_None) {
        Py_DECREF(r);
        return 0;
    }
    *out = r;
    return 1;
}

static PyObject *
add_impl(PyObject *g, PyObject *h)
{
    PyObject *gx = slot(g, OFF_x), *hx = slot(h, OFF_x);
    if (gx == NULL || hx == NULL)
        return NULL;
    if (gx != Py_None && hx != Py_None)
        return make_nus_sum(g, h, gx, hx);
    if (h == SLOT(g, OFF_neg)) {
        PyObject *flag = ns_get(s_INVERSE_SHORTCUT);
        if (flag == NULL)
            return NULL;
        int on = PyObject_IsTrue(flag);
        if (on < 0)
            return NULL;
        if (on) {
            PyObject *zero = ns_get(s_ZERO_D);
            if (zero == NULL)
                return NULL;
            Py_INCREF(zero);
            PyObject *f = ns_get(s_make_number);
            PyObject *r = f ? PyObject_CallOneArg(f, zero) : NULL;
            Py_DECREF(zero);
            return r;
        }
    }
    int64_t gi, hi;
    if (game_id(g, &gi) < 0 || game_id(h, &hi) < 0)
        return NULL;
    int64_t a = gi < hi ? gi : hi, b = gi < hi ? hi : gi;
    PyObject *r = table_get(&add_table, a, b);
    if (r != NULL) {
        Py_INCREF(r);
        return r;
    }
    if (enter() < 0)
        return NULL;
    if (gx != Py_None && is_number(g)) {
        int z = dyadic_is_zero(gx);
        if (z < 0)
            r = NULL;
        else if (z) {
            Py_INCREF(h);
            r = h;
        }
        else
            r = translate(h, g);
    }
    else if (hx != Py_None && is_number(h)) {
        int z = dyadic_is_zero(hx);
        if (z < 0)
            r = NULL;
        else if (z) {
            Py_INCREF(g);
            r = g;
        }
        else
            r = translate(g, h);
    }
    else {
        PyObject *gl = NULL, *gr = NULL, *hl = NULL, *hr = NULL;
        vec left = {NULL, 0, 0}, right = {NULL, 0, 0};
        int big = 0;
        r = NULL;
        if (gx != Py_None)
            big = big_nus_sum(h, g, &r);
        else if (hx != Py_None)
            big = big_nus_sum(g, h, &r);
        if (big != 0)
            goto sum_done;
        gl = options(g, 0);
        if (gl == NULL || (gr = options(g, 1)) == NULL || (hl = options(h, 0)) == NULL ||
            (hr = options(h, 1)) == NULL)
            goto sum_done;
        if (push_sums(&left, gl, h, 0) < 0 || push_sums(&left, hl, g, 1) < 0 ||
            push_sums(&right, gr, h, 0) < 0 || push_sums(&right, hr, g, 1) < 0)
            goto sum_done;
        {
            vec dl = {NULL, 0, 0}, dr = {NULL, 0, 0};
            if (vec_extend_unique(&dl, left.items, left.n) < 0 ||
                vec_extend_unique(&dr, right.items, right.n) < 0) {
                vec_free(&dl);
                vec_free(&dr);
                goto sum_done;
            }
            r = canonical_impl(&dl, &dr);
        }
    sum_done:
        vec_free(&left);
        vec_free(&right);
        Py_XDECREF(gl);
        Py_XDECREF(gr);
        Py_XDECREF(hl);
        Py_XDECREF(hr);
    }
    LEAVE();
    if (r == NULL)
        return NULL;
    if (table_put(&add_table, a, b, r) < 0) {
        Py_DECREF(r);
        return NULL;
    }
    return r;
}

static PyObject *
k_add(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "add(g, h) takes two games");
        return NULL;
    }
    if (check_game(args[0], "add") < 0 || check_game(args[1], "add") < 0)
        return NULL;
    return add_impl(args[0], args[1]);
}

/* ------------------------------------------------------------------------ */
/* le, add and canonical_form on the node engine                             */
/* ------------------------------------------------------------------------ */
/* The engine could not answer (Fallback set: a number beyond 64 bits, a re-entrant
   call, too many nodes): cgt.canonical's Python function `name` answers.  Any other
   error passes. */
static PyObject *
python_path(PyObject *name, PyObject *const *args, Py_ssize_t n)
{
    if (!PyErr_ExceptionMatches(Fallback))
        return NULL;
    PyErr_Clear();
    PyObject *f = ns_get(name);
    if (f == NULL)
        return NULL;
    Py_INCREF(f);
    PyObject *r = PyObject_Vectorcall(f, args, n, NULL);
    Py_DECREF(f);
    return r;
}

static PyObject *
e_le(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "le(g, h) takes two games");
        return NULL;
    }
    if (check_game(args[0], "le") < 0 || check_game(args[1], "le") < 0)
        return NULL;
    PyObject *g = args[0], *h = args[1];
    if (g == h)
        Py_RETURN_TRUE;
    PyObject *gx = slot(g, OFF_x), *hx = slot(h, OFF_x);
    if (gx == NULL || hx == NULL)
        return NULL;
    int r = -1;
    if (gx != Py_None && hx != Py_None) { /* closed form: numbers, ups and nimbers */
        r = nus_le(g, h, gx, hx);
        return r < 0 ? NULL : PyBool_FromLong(r);
    }
    if (n_enter() < 0)
        return python_path(s_py_le, args, 2);
    int32_t a = n_of_game(g), b = a < 0 ? -1 : n_of_game(h);
    if (b >= 0)
        r = n_le(a, b);
    n_leave();
    if (r < 0)
        return python_path(s_py_le, args, 2);
    return PyBool_FromLong(r);
}

static PyObject *
e_add(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "add(g, h) takes two games");
        return NULL;
    }
    if (check_game(args[0], "add") < 0 || check_game(args[1], "add") < 0)
        return NULL;
    PyObject *g = args[0], *h = args[1];
    PyObject *gx = slot(g, OFF_x), *hx = slot(h, OFF_x);
    if (gx == NULL || hx == NULL)
        return NULL;
    if (gx != Py_None && hx != Py_None) /* closed form: numbers, ups and nimbers */
        return make_nus_sum(g, h, gx, hx);
    if (h == SLOT(g, OFF_neg)) {
        PyObject *flag = ns_get(s_INVERSE_SHORTCUT);
        if (flag == NULL)
            return NULL;
        int on = PyObject_IsTrue(flag);
        if (on < 0)
            return NULL;
        if (on) {
            PyObject *zero = ns_get(s_ZERO_D);
            PyObject *f = zero ? ns_get(s_make_number) : NULL;
            return f ? PyObject_CallOneArg(f, zero) : NULL;
        }
    }
    PyObject *out = NULL;
    int big = 0;
    if (gx != Py_None && !is_number(g))
        big = big_nus_sum(h, g, &out);
    else if (hx != Py_None && !is_number(h))
        big = big_nus_sum(g, h, &out);
    if (big != 0)
        return big < 0 ? NULL : out;
    if (n_enter() < 0)
        return python_path(s_py_add, args, 2);
    int32_t a = n_of_game(g), b = a < 0 ? -1 : n_of_game(h);
    int32_t s = b < 0 ? -1 : n_add(a, b);
    out = s < 0 ? NULL : n_to_python(s);
    n_leave();
    return out ? out : python_path(s_py_add, args, 2);
}

static PyObject *
e_canonical_form(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "canonical_form(left, right) takes two iterables");
        return NULL;
    }
    if (GameType == NULL)
        return (check_game(Py_None, "canonical_form"), NULL);
    PyObject *seq[2] = {NULL, NULL}, *out = NULL;
    int32_t *ids = NULL;
    for (int s = 0; s < 2; s++) {
        seq[s] = PySequence_Fast(args[s], "canonical_form takes iterables of games");
        if (seq[s] == NULL) {
            if (PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                PyErr_Format(WrongType, "canonical_form takes iterables of games, not %.100s",
                             Py_TYPE(args[s])->tp_name);
            }
            goto done;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq[s]); i++)
            if (check_game(PySequence_Fast_GET_ITEM(seq[s], i), "canonical_form") < 0)
                goto done;
    }
    Py_ssize_t nl = PySequence_Fast_GET_SIZE(seq[0]), nr = PySequence_Fast_GET_SIZE(seq[1]);
    if (nl + nr > INT_MAX / 2) {
        PyErr_SetString(PyExc_MemoryError, "canonical_form: too many options");
        goto done;
    }
    ids = PyMem_Malloc((size_t)(nl + nr + 1) * sizeof(int32_t));
    if (ids == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (n_enter() < 0)
        goto fallback;
    int32_t r = 0;
    for (Py_ssize_t i = 0; i < nl + nr && r >= 0; i++)
        r = ids[i] = n_of_game(i < nl ? PySequence_Fast_GET_ITEM(seq[0], i)
                                      : PySequence_Fast_GET_ITEM(seq[1], i - nl));
    if (r >= 0)
        r = n_canonical_form(ids, (int)nl, ids + nl, (int)nr);
    out = r < 0 ? NULL : n_to_python(r);
    n_leave();
fallback:
    if (out == NULL) {
        PyObject *fast[2] = {seq[0], seq[1]};
        out = python_path(s_py_canonical_form, fast, 2);
    }
done:
    PyMem_Free(ids);
    Py_XDECREF(seq[0]);
    Py_XDECREF(seq[1]);
    return out;
}

/* ------------------------------------------------------------------------ */
/* Module                                                                    */
/* ------------------------------------------------------------------------ */
static PyObject *
k_clear(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args))
{
    words_clear(&le_words);
    table_clear(&le_table);
    table_clear(&add_table);
    n_clear();
    Py_RETURN_NONE;
}

static PyObject *
k_clear_engine(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args))
{
    n_clear();
    Py_RETURN_NONE;
}

/* usage() -> {name: (entries, bytes allocated)} of the node engine's tables */
static PyObject *
k_usage(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args))
{
    cgt_engine_usage u;
    api_usage(&u);
    return Py_BuildValue("{s:(nn),s:(nn),s:(nn)}", "nodes", u.nodes, u.node_bytes, "compare",
                         u.compare, u.compare_bytes, "sum", u.sum, u.sum_bytes);
}

/* set_limit(bytes, entries=0): the engine's share of the memory budget, as in
   cgt._kernel_shortgame.set_limit */
static PyObject *
k_set_limit(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long total, entries = 0;
    if (!PyArg_ParseTuple(args, "K|K:set_limit", &total, &entries))
        return NULL;
    api_set_limit(total, entries);
    Py_RETURN_NONE;
}

static PyObject *
k_init(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *game, *dyadic, *namespace, *cache, *wrong, *exceeded;
    if (!PyArg_ParseTuple(args, "O!O!O!OOO:init", &PyType_Type, &game, &PyType_Type, &dyadic,
                          &PyDict_Type, &namespace, &cache, &wrong, &exceeded))
        return NULL;
    PyTypeObject *gt = (PyTypeObject *)game, *dt = (PyTypeObject *)dyadic;
    if (member_offset(gt, "_id", &OFF_id) < 0 || member_offset(gt, "_x", &OFF_x) < 0 ||
        member_offset(gt, "_k", &OFF_k) < 0 || member_offset(gt, "_m", &OFF_m) < 0 ||
        member_offset(gt, "_is_number", &OFF_is_number) < 0 ||
        member_offset(gt, "_ls", &OFF_ls) < 0 || member_offset(gt, "_rs", &OFF_rs) < 0 ||
        member_offset(gt, "_left", &OFF_left) < 0 || member_offset(gt, "_right", &OFF_right) < 0 ||
        member_offset(gt, "_neg", &OFF_neg) < 0 || member_offset(dt, "_num", &OFF_num) < 0 ||
        member_offset(dt, "_exp", &OFF_exp) < 0)
        return NULL;
    Py_INCREF(game);
    Py_XSETREF(GameType, gt);
    Py_INCREF(namespace);
    Py_XSETREF(ns, namespace);
    Py_INCREF(cache);
    Py_XSETREF(cache_mod, cache);
    Py_INCREF(wrong);
    Py_XSETREF(WrongType, wrong);
    Py_INCREF(exceeded);
    Py_XSETREF(WorkLimitExceeded, exceeded);
    Py_RETURN_NONE;
}

/* work_set(left, limit): start this thread's budget (left None: no budget). */
static PyObject *
k_work_set(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *left;
    long long limit;
    if (!PyArg_ParseTuple(args, "OL:work_set", &left, &limit))
        return NULL;
    if (left == Py_None) {
        work.on = 0;
        work.left = work.limit = 0;
        Py_RETURN_NONE;
    }
    int overflow;
    long long n = PyLong_AsLongLongAndOverflow(left, &overflow);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (overflow > 0)
        n = INT64_MAX;
    if (n < 0 || overflow < 0) {
        PyErr_SetString(PyExc_ValueError, "work_set: a budget is non-negative");
        return NULL;
    }
    work.on = 1;
    work.left = n;
    work.limit = limit;
    Py_RETURN_NONE;
}

/* work_get() -> (left or None, limit) */
static PyObject *
k_work_get(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args))
{
    if (!work.on)
        return Py_BuildValue("(OL)", Py_None, (long long)0);
    return Py_BuildValue("(LL)", (long long)work.left, (long long)work.limit);
}

/* work_spend(steps=1): spend steps of this thread's budget, if it has one. */
static PyObject *
k_work_spend(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    long long steps = 1;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "work_spend(steps=1) takes at most one argument");
        return NULL;
    }
    if (nargs == 1) {
        steps = PyLong_AsLongLong(args[0]);
        if (steps == -1 && PyErr_Occurred())
            return NULL;
    }
    if (work_spend(steps) < 0)
        return NULL;
    Py_RETURN_NONE;
}


/* The engine's functions, exported under cgt.canonical's names with the
   Python functions' docstrings (so documentation and doctests see one API). */
static PyMethodDef exported[] = {
    {"le", (PyCFunction)(void (*)(void))e_le, METH_FASTCALL, NULL},
    {"add", (PyCFunction)(void (*)(void))e_add, METH_FASTCALL, NULL},
    {"canonical_form", (PyCFunction)(void (*)(void))e_canonical_form, METH_FASTCALL, NULL},
};

static PyObject *
k_export(PyObject *Py_UNUSED(self), PyObject *args)
{
    const char *name, *signature, *doc;
    PyObject *module_name;
    if (!PyArg_ParseTuple(args, "sssU:export", &name, &signature, &doc, &module_name))
        return NULL;
    for (size_t i = 0; i < sizeof(exported) / sizeof(exported[0]); i++) {
        PyMethodDef *def = &exported[i];
        if (strcmp(def->ml_name, name) != 0)
            continue;
        if (def->ml_doc == NULL) { /* set once; kept for the life of the process */
            size_t n = strlen(name) + strlen(signature) + strlen(doc) + 8;
            char *text = PyMem_RawMalloc(n);
            if (text == NULL)
                return PyErr_NoMemory();
            snprintf(text, n, "%s%s\n--\n\n%s", name, signature, doc);
            def->ml_doc = text;
        }
        return PyCFunction_NewEx(def, NULL, module_name);
    }
    PyErr_Format(PyExc_ValueError, "the kernel has no function %s", name);
    return NULL;
}

static PyMethodDef methods[] = {
    {"init", (PyCFunction)k_init, METH_VARARGS,
     "init(Game, Dyadic, namespace, cache_module, WrongType): bind the kernel."},
    {"export", (PyCFunction)k_export, METH_VARARGS,
     "export(name, signature, doc, module_name): the function name, documented as doc."},
    {"le", (PyCFunction)(void (*)(void))e_le, METH_FASTCALL, "le(g, h): g <= h (cached)."},
    {"add", (PyCFunction)(void (*)(void))e_add, METH_FASTCALL, "add(g, h): g + h (cached)."},
    {"canonical_form", (PyCFunction)(void (*)(void))e_canonical_form, METH_FASTCALL,
     "canonical_form(left, right): the canonical game {left | right}."},
    {"clear", k_clear, METH_NOARGS, "clear(): forget the cached comparisons and sums."},
    {"work_set", k_work_set, METH_VARARGS,
     "work_set(left, limit): start this thread's work budget (left None: none)."},
    {"work_get", k_work_get, METH_NOARGS, "work_get(): (steps left or None, limit)."},
    {"work_spend", (PyCFunction)(void (*)(void))k_work_spend, METH_FASTCALL,
     "work_spend(steps=1): spend this thread's work budget; WorkLimitExceeded if spent."},
    {"usage", k_usage, METH_NOARGS,
     "usage(): {name: (entries, bytes)} of the node engine's nodes, comparisons and sums."},
    {"set_limit", k_set_limit, METH_VARARGS,
     "set_limit(bytes, entries=0): bound the node engine's tables to its share of bytes, and "
     "each memo to `entries` entries (0: no such bound)."},
    {"setup_engine", k_setup_engine, METH_VARARGS,
     "setup_engine(number, form, Game, Dyadic, KeyedRef, serial, forms, numbers, nus, "
     "forms_remove, numbers_remove, nus_remove, lock): how the node engine makes the games of "
     "its nodes: the Python constructors of numbers (num, exp) and of canonical forms (left "
     "tuple, right tuple, index of the left stop's option, index of the right stop's option), "
     "and cgt.canonical's intern tables, serial counter and lock."},
    {"clear_engine", k_clear_engine, METH_NOARGS,
     "clear_engine(): forget the node engine's nodes and memos (now, or when its call ends)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "cgt._kernel_canonical",
    "Compiled comparison, canonical form and sums for cgt.canonical.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__kernel_canonical(void)
{
    s_lazy_options = PyUnicode_InternFromString("_lazy_options");
    s_make_number = PyUnicode_InternFromString("make_number");
    s_make_nus = PyUnicode_InternFromString("make_nus");
    s_recognise_nus = PyUnicode_InternFromString("_recognise_nus");
    s_intern_general = PyUnicode_InternFromString("_intern_general");
    s_numbers_only = PyUnicode_InternFromString("_numbers_only");
    s_ZERO_D = PyUnicode_InternFromString("_ZERO_D");
    s_INVERSE_SHORTCUT = PyUnicode_InternFromString("INVERSE_SHORTCUT");
    s_limit = PyUnicode_InternFromString("_engine_limit");
    s_forms = PyUnicode_InternFromString("_forms");
    s_data = PyUnicode_InternFromString("data");
    s_add_big_nus = PyUnicode_InternFromString("_add_big_nus");
    s_FAR_NIMBER = PyUnicode_InternFromString("FAR_NIMBER");
    s_UP_SUM_LIMIT = PyUnicode_InternFromString("UP_SUM_LIMIT");
    s_py_le = PyUnicode_InternFromString("_py_le");
    s_py_add = PyUnicode_InternFromString("_py_add");
    s_py_canonical_form = PyUnicode_InternFromString("_py_canonical_form");
    if (!s_py_le || !s_py_add || !s_py_canonical_form)
        return NULL;
    if (!s_forms || !s_data || !s_add_big_nus || !s_FAR_NIMBER || !s_UP_SUM_LIMIT)
        return NULL;
    py_zero = PyLong_FromLong(0);
    py_one = PyLong_FromLong(1);
    if (!py_zero || !py_one)
        return NULL;
    if (!s_lazy_options || !s_make_number || !s_make_nus || !s_recognise_nus ||
        !s_intern_general || !s_numbers_only || !s_ZERO_D || !s_INVERSE_SHORTCUT || !s_limit)
        return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (m == NULL)
        return NULL;
    if (PyModule_AddStringConstant(m, "SOURCE_HASH", CGT_SOURCE_HASH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (engine_init(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
