/* cgt._kernel_heap: Grundy sequences of octal games (at most two heaps left per move).
 *
 * The compiled counterpart of OctalGame._sparse_segment and of the dense mex in
 * cgt/games/heap.py: the same algorithms, the same exact values.  Plain C on the
 * CPython C API, because then building it needs nothing beyond a C compiler
 * (no Cython, no numpy headers), and mypyc cannot compile this code: the
 * Python side works on numpy arrays and unbounded int bit sets, which mypyc
 * does not speed up.
 *
 * Functions (all called from cgt/games/heap.py, which checks their arguments):
 *
 *   sparse(values, end, rules, mask, domain, phase, report, next[, flags]) -> None
 *   dense(values, end, rules, report, next) -> None
 *       Append G(len(values)), ..., G(end - 1) to the list ``values``.
 *       ``rules`` lists (k, digit, distinct) for every non-zero digit of a
 *       finite code whose digits are below 8.  ``report(heap)`` is called when
 *       ``heap`` reaches ``next`` and returns the next checkpoint (progress
 *       bars); Ctrl-C is noticed between heaps.  On an error nothing is appended.
 *       ``flags`` (sparse only; default 15) allows the blocks of heap_block.h
 *       (bit 0), their AVX2 scan (bit 1) and their AVX-512 scan (bit 2), each
 *       where the processor has it, and their candidates (bit 3: with AVX-512,
 *       or with no SIMD bit at all); 0 keeps to the general code.  Bit 4 (tests
 *       only) has the AVX-512 marks cover the codes below 64 only, so that far
 *       more heaps take the path for the codes past them; bit 5 (tests only)
 *       starts the scans of the splits at 64 instead of SCAN_START, so that the
 *       heaps of short tests take every path of the scans.
 *   simd(flags) -> int
 *       The scan the blocks use with these flags on this processor: 0 one split
 *       at a time, 1 AVX2, 2 AVX-512 (for tests and benchmarks).
 *   scan(codes, common, m, start, want, flags) -> (bytes, int)
 *       The search of heap_block.h for the codes ``want`` among the splits of m
 *       (for tests; see heap_scan).
 *   tally(values, lo, hi) -> list
 *       counts[2 * v + n % 2] = how many n in [lo, hi) have values[n] == v.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* the fingerprint of this kernel's sources, given by setup.py (cgt/_sources.py); cgt does
   not use a kernel whose fingerprint differs from that of the sources beside it */
#ifndef CGT_SOURCE_HASH
#define CGT_SOURCE_HASH ""
#endif

#define VALUE_LIMIT (1L << 24) /* Grundy values here stay far below this */
#define WORK_CHECK (1L << 22)  /* elementary steps between two looks at Ctrl-C */

typedef struct {
    Py_ssize_t k;
    int digit;
    int distinct;
} Rule;

/* The values of the list as int32, with room for ``end`` of them. */
static int32_t *
read_values(PyObject *list, Py_ssize_t end, Py_ssize_t *start, int32_t *top)
{
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n < 1 || end < n || end > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "need 1 <= len(values) <= end < 2**31");
        return NULL;
    }
    int32_t *g = PyMem_Malloc((size_t)end * sizeof(int32_t));
    if (g == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    int32_t t = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (v == -1 && PyErr_Occurred()) {
            PyMem_Free(g);
            return NULL;
        }
        if (v < 0 || v >= VALUE_LIMIT) {
            PyMem_Free(g);
            PyErr_Format(PyExc_ValueError, "Grundy value %ld out of range", v);
            return NULL;
        }
        g[i] = (int32_t)v;
        if (g[i] > t)
            t = g[i];
    }
    *start = n;
    *top = t;
    return g;
}

static Rule *
read_rules(PyObject *seq, Py_ssize_t *count)
{
    PyObject *fast = PySequence_Fast(seq, "rules must be a sequence");
    if (fast == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Rule *rules = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(Rule));
    if (rules == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t k;
        int digit, distinct;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "nip", &k, &digit, &distinct))
            goto fail;
        if (k < 0 || digit < 0 || digit > 7) {
            PyErr_SetString(PyExc_ValueError, "rules need k >= 0 and digits 0-7");
            goto fail;
        }
        rules[i].k = k;
        rules[i].digit = digit;
        rules[i].distinct = distinct;
    }
    Py_DECREF(fast);
    *count = n;
    return rules;
fail:
    Py_DECREF(fast);
    PyMem_Free(rules);
    return NULL;
}

#define SHARED_INTS 1024 /* values below this share one int object per call */

/* Append g[start:end] to the list (all or nothing).  CPython keeps one object for
   each int up to 256 only: Officers' values reach some 330, and 4.5 % of them lie
   above 256, so the values below SHARED_INTS are made once per call and shared (no
   allocation per heap, 14 MB less for 10**7 heaps). */
static int
append_values(PyObject *list, const int32_t *g, Py_ssize_t start, Py_ssize_t end)
{
    PyObject *tail = PyList_New(end - start);
    if (tail == NULL)
        return -1;
    PyObject *shared[SHARED_INTS] = {NULL};
    for (Py_ssize_t i = start; i < end; i++) {
        int32_t x = g[i];
        PyObject *v;
        if (x < SHARED_INTS) {
            if (shared[x] == NULL && (shared[x] = PyLong_FromLong(x)) == NULL)
                goto fail;
            v = Py_NewRef(shared[x]);
        }
        else if ((v = PyLong_FromLong(x)) == NULL)
            goto fail;
        PyList_SET_ITEM(tail, i - start, v);
    }
    for (int x = 0; x < SHARED_INTS; x++)
        Py_XDECREF(shared[x]);
    Py_ssize_t n = PyList_GET_SIZE(list);
    int rc = PyList_SetSlice(list, n, n, tail);
    Py_DECREF(tail);
    return rc;
fail:
    for (int x = 0; x < SHARED_INTS; x++)
        Py_XDECREF(shared[x]);
    Py_DECREF(tail);
    return -1;
}

/* Progress and Ctrl-C between heaps: 0, or -1 with an exception set. */
static int
checkpoint(PyObject *report, Py_ssize_t heap, Py_ssize_t *next, long *work)
{
    if (*work >= WORK_CHECK) {
        *work = 0;
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
    if (heap >= *next && report != Py_None) {
        PyObject *r = PyObject_CallFunction(report, "n", heap);
        if (r == NULL)
            return -1;
        Py_ssize_t n = PyLong_AsSsize_t(r);
        Py_DECREF(r);
        if (n == -1 && PyErr_Occurred())
            return -1;
        *next = n > heap ? n : heap + 1;
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
    return 0;
}

static int
bit_length(unsigned long v)
{
    int n = 0;
    while (v) {
        n++;
        v >>= 1;
    }
    return n;
}

static int
parity(unsigned long v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_parityl(v);
#else
    int p = 0;
    while (v) {
        p ^= 1;
        v &= v - 1;
    }
    return p;
#endif
}

/* The index of the lowest set bit of a non-zero word. */
static int
lowest_bit(uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(w);
#else
    int i = 0;
    while (!(w & 1)) {
        w >>= 1;
        i++;
    }
    return i;
#endif
}

/* --- the sparse-space segment ------------------------------------------------- */

/* Generation stamps: seen[v] == gen marks v in the current heap's set. */
typedef struct {
    uint32_t *seen;
    uint32_t *want;
    Py_ssize_t size;
    uint32_t gen;
} Stamps;

static int
stamps_fit(Stamps *s, Py_ssize_t size)
{
    if (size <= s->size)
        return 0;
    uint32_t *seen = PyMem_Realloc(s->seen, (size_t)size * sizeof(uint32_t));
    if (seen == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->seen = seen;
    uint32_t *want = PyMem_Realloc(s->want, (size_t)size * sizeof(uint32_t));
    if (want == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->want = want;
    memset(s->seen + s->size, 0, (size_t)(size - s->size) * sizeof(uint32_t));
    memset(s->want + s->size, 0, (size_t)(size - s->size) * sizeof(uint32_t));
    s->size = size;
    return 0;
}

static void
stamps_next(Stamps *s)
{
    if (s->gen == UINT32_MAX) {
        memset(s->seen, 0, (size_t)s->size * sizeof(uint32_t));
        memset(s->want, 0, (size_t)s->size * sizeof(uint32_t));
        s->gen = 0;
    }
    s->gen++;
}

/* Room for every value below 2**(width + 1): the candidates searched. */
static int
sparse_room(Stamps *s, int32_t top, unsigned long mask)
{
    int width = bit_length((unsigned long)top);
    int mw = bit_length(mask);
    if (mw > width)
        width = mw;
    return stamps_fit(s, ((Py_ssize_t)2 << width) + 1);
}

typedef struct {
    int32_t heap;
    int32_t value;
} Rare;

#include "heap_block.h"

static PyObject *
heap_sparse(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *values, *rules_o, *report;
    Py_ssize_t end, next;
    unsigned long mask;
    int domain, phase, flags = BLOCK_ON | BLOCK_SIMD | BLOCK_AVX512 | BLOCK_CAND;
    if (!PyArg_ParseTuple(args, "O!nOkiiOn|i", &PyList_Type, &values, &end, &rules_o, &mask,
                          &domain, &phase, &report, &next, &flags))
        return NULL;
    if (mask == 0 || mask >= (1UL << 24) || (domain & ~1) || (phase & ~1)) {
        PyErr_SetString(PyExc_ValueError, "need 0 < mask < 2**24 and domain, phase in (0, 1)");
        return NULL;
    }
    Py_ssize_t nrules, start;
    int32_t top;
    Rule *rules = read_rules(rules_o, &nrules);
    if (rules == NULL)
        return NULL;
    int32_t *g = read_values(values, end, &start, &top);
    Rare *rare = NULL;
    Py_ssize_t *below = NULL;
    Stamps s = {NULL, NULL, 0, 0};
    Block bk = {0};
    uint8_t *cg = NULL, *ok = NULL; /* codes and classes of the values, for the blocks */
    PyObject *result = NULL;
    if (g == NULL)
        goto done;
    Py_ssize_t k0 = -1;
    for (Py_ssize_t j = 0; j < nrules; j++)
        if (rules[j].digit & 4) {
            k0 = rules[j].k;
            break;
        }
    if (k0 < 0) {
        PyErr_SetString(PyExc_ValueError, "the sparse segment needs a split rule (digit 4-7)");
        goto done;
    }
    /* domain = 1 is exact only when every split removes an amount of k0's parity */
    for (Py_ssize_t j = 0; j < nrules; j++)
        if (domain && (rules[j].digit & 4) && ((rules[j].k ^ k0) & 1)) {
            PyErr_SetString(PyExc_ValueError, "domain = 1 needs splits of one parity");
            goto done;
        }
    /* the rare heaps so far: parity(G(r) & mask) == (r % 2) * domain ^ phase */
    Py_ssize_t nrare = 0, cap = 1024;
    rare = PyMem_Malloc((size_t)cap * sizeof(Rare));
    below = PyMem_Calloc((size_t)(nrules ? nrules : 1), sizeof(Py_ssize_t));
    if (rare == NULL || below == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (sparse_room(&s, top, mask) < 0)
        goto done;
    /* the blocks of heap_block.h: rare heaps of even parity, values below 512 */
    int blocks = (flags & BLOCK_ON) && !domain && !phase && (mask & (CODE_VALUES - 1));
    Py_ssize_t kmax = 0, no_block_until = 0;
    for (Py_ssize_t j = 0; j < nrules; j++)
        if (rules[j].k > kmax)
            kmax = rules[j].k;
    if (blocks) {
        cg = PyMem_Malloc((size_t)end);
        ok = PyMem_Malloc((size_t)end);
        if (cg == NULL || ok == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        if (block_init(&bk, mask, flags) < 0 || block_room(&bk, end) < 0)
            goto done;
        for (Py_ssize_t i = 0; i < start; i++)
            block_store(&bk, cg, ok, i, g[i] < CODE_VALUES ? block_code(&bk, g[i]) : 0,
                        parity((unsigned long)g[i] & mask));
    }
    long work = 0;
    for (Py_ssize_t heap = 1; heap < end; heap++) {
        if (heap >= start) {
            if (blocks && top < CODE_VALUES && heap >= no_block_until && heap + BLOCK <= end &&
                heap > 2 * (nrare ? (Py_ssize_t)rare[nrare - 1].heap : 0) + kmax + 1) {
                if (block_code_rares(&bk, rare, nrare) < 0)
                    goto done;
                Py_ssize_t settled =
                    block_run(&bk, g, cg, ok, heap, rules, nrules, rare, nrare, &work);
                if (settled < 0)
                    goto done;
                if (settled < BLOCK)
                    no_block_until = heap + settled + 1; /* that heap by the general code */
                if (settled) {
                    heap += settled - 1; /* all common: no rare heap to record */
                    if (checkpoint(report, heap + 1, &next, &work) < 0)
                        goto done;
                    continue;
                }
            }
            /* every split with a rare part: all the common values among the options */
            stamps_next(&s);
            uint32_t gen = s.gen;
            uint32_t *seen = s.seen, *want = s.want;
            for (Py_ssize_t j = 0; j < nrules; j++) {
                Py_ssize_t m = heap - rules[j].k;
                int digit = rules[j].digit;
                if (m < 0)
                    continue;
                if ((digit & 1) && m == 0)
                    seen[0] = gen;
                if ((digit & 2) && m >= 1 && rules[j].k >= 1)
                    seen[g[m]] = gen;
                if ((digit & 4) && m >= 2) {
                    /* the rare heaps below m: a cursor per rule, as m only grows */
                    Py_ssize_t count = below[j];
                    while (count < nrare && rare[count].heap < m)
                        count++;
                    below[j] = count;
                    const int32_t *gm = g + m;
                    if (rules[j].distinct && !(m & 1)) {
                        for (Py_ssize_t i = 0; i < count; i++)
                            if (2 * rare[i].heap != m)
                                seen[rare[i].value ^ gm[-rare[i].heap]] = gen;
                    }
                    else {
                        for (Py_ssize_t i = 0; i < count; i++)
                            seen[rare[i].value ^ gm[-rare[i].heap]] = gen;
                    }
                    work += (long)count;
                }
            }
            /* the candidate: the least common value not met */
            int sparse_par = (domain && ((heap - k0) & 1)) ? 0 : 1;
            int32_t value = 0;
            while (parity((unsigned long)value & mask) != sparse_par || seen[value] == gen)
                value++;
            /* the rare values below it still to meet, searched among all the splits */
            Py_ssize_t need = 0;
            for (int32_t v = 0; v < value; v++)
                if (parity((unsigned long)v & mask) != sparse_par && seen[v] != gen) {
                    want[v] = gen;
                    need++;
                }
            for (Py_ssize_t j = 0; j < nrules && need; j++) {
                if (!(rules[j].digit & 4))
                    continue;
                Py_ssize_t m = heap - rules[j].k;
                Py_ssize_t last = rules[j].distinct ? (m - 1) / 2 : m / 2;
                Py_ssize_t a = 1;
                for (; a <= last; a++) {
                    if (want[g[a] ^ g[m - a]] == gen) { /* only values below it are wanted */
                        int32_t x = g[a] ^ g[m - a];
                        want[x] = 0;
                        if (--need == 0)
                            break;
                    }
                }
                work += (long)a;
            }
            if (need) {
                value = 0;
                while (want[value] != gen)
                    value++;
            }
            g[heap] = value;
            if (blocks) {
                block_store(&bk, cg, ok, heap, value < CODE_VALUES ? block_code(&bk, value) : 0,
                            parity((unsigned long)value & mask));
            }
            if (value > top) {
                top = value;
                if (sparse_room(&s, top, mask) < 0)
                    goto done;
            }
            if (checkpoint(report, heap + 1, &next, &work) < 0)
                goto done;
        }
        if (parity((unsigned long)g[heap] & mask) == (int)((heap & domain) ^ phase)) {
            if (nrare == cap) {
                cap *= 2;
                Rare *grown = PyMem_Realloc(rare, (size_t)cap * sizeof(Rare));
                if (grown == NULL) {
                    PyErr_NoMemory();
                    goto done;
                }
                rare = grown;
            }
            rare[nrare].heap = (int32_t)heap;
            rare[nrare].value = g[heap];
            nrare++;
        }
    }
    if (append_values(values, g, start, end) < 0)
        goto done;
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(rules);
    PyMem_Free(g);
    PyMem_Free(rare);
    PyMem_Free(below);
    PyMem_Free(s.seen);
    PyMem_Free(s.want);
    PyMem_Free(cg);
    PyMem_Free(ok);
    block_free(&bk);
    return result;
}

/* --- the dense mex ---------------------------------------------------------------- */

/* Bit sets of every value below 2**width, as uint64 words. */
static Py_ssize_t
words_for(int32_t top)
{
    return (((Py_ssize_t)1 << bit_length((unsigned long)top)) >> 6) + 1;
}

static inline void
set_bit(uint64_t *bits, int32_t v)
{
    bits[v >> 6] |= (uint64_t)1 << (v & 63);
}

static PyObject *
heap_dense(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *values, *rules_o, *report;
    Py_ssize_t end, next;
    if (!PyArg_ParseTuple(args, "O!nOOn", &PyList_Type, &values, &end, &rules_o, &report, &next))
        return NULL;
    Py_ssize_t nrules, start;
    int32_t top;
    Rule *rules = read_rules(rules_o, &nrules);
    if (rules == NULL)
        return NULL;
    int32_t *g = read_values(values, end, &start, &top);
    uint64_t *acc = NULL, *cache = NULL;
    Py_ssize_t *tag = NULL;
    PyObject *result = NULL;
    if (g == NULL)
        goto done;
    /* pair sets of the heaps m = heap - k (one per split amount k) in a ring of
       slots: the set of G(a) ^ G(m - a) for 1 <= a < m / 2 (the middle split,
       of value 0, is added apart: '!' forbids it) */
    Py_ssize_t slots = 1;
    for (Py_ssize_t j = 0; j < nrules; j++)
        if ((rules[j].digit & 4) && rules[j].k < end && rules[j].k + 1 > slots)
            slots = rules[j].k + 1; /* (a rule with k >= end never applies: m < 0) */
    Py_ssize_t nwords = 0;
    long work = 0;
    for (Py_ssize_t heap = start; heap < end; heap++) {
        if (words_for(top) != nwords) { /* the values outgrew the sets: start afresh */
            nwords = words_for(top);
            PyMem_Free(acc);
            PyMem_Free(cache);
            PyMem_Free(tag);
            acc = PyMem_Malloc((size_t)nwords * sizeof(uint64_t));
            cache = PyMem_Malloc((size_t)(nwords * slots) * sizeof(uint64_t));
            tag = PyMem_Malloc((size_t)slots * sizeof(Py_ssize_t));
            if (acc == NULL || cache == NULL || tag == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            for (Py_ssize_t i = 0; i < slots; i++)
                tag[i] = -1;
        }
        memset(acc, 0, (size_t)nwords * sizeof(uint64_t));
        for (Py_ssize_t j = 0; j < nrules; j++) {
            Py_ssize_t m = heap - rules[j].k;
            int digit = rules[j].digit;
            if (m < 0)
                continue;
            if ((digit & 1) && m == 0)
                set_bit(acc, 0);
            if ((digit & 2) && m >= 1 && rules[j].k >= 1)
                set_bit(acc, g[m]);
            if ((digit & 4) && m >= 2) {
                uint64_t *pairs = cache + (m % slots) * nwords;
                if (tag[m % slots] != m) {
                    memset(pairs, 0, (size_t)nwords * sizeof(uint64_t));
                    Py_ssize_t last = (m - 1) / 2;
                    for (Py_ssize_t a = 1; a <= last; a++)
                        set_bit(pairs, g[a] ^ g[m - a]);
                    tag[m % slots] = m;
                    work += (long)last;
                }
                for (Py_ssize_t i = 0; i < nwords; i++)
                    acc[i] |= pairs[i];
                if (!rules[j].distinct && !(m & 1))
                    set_bit(acc, 0);
            }
        }
        Py_ssize_t i = 0;
        while (acc[i] == ~(uint64_t)0)
            i++;
        int32_t value = (int32_t)(64 * i + lowest_bit(~acc[i]));
        g[heap] = value;
        if (value > top)
            top = value;
        work += 1 + (long)nwords;
        if (checkpoint(report, heap + 1, &next, &work) < 0)
            goto done;
    }
    if (append_values(values, g, start, end) < 0)
        goto done;
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(rules);
    PyMem_Free(g);
    PyMem_Free(acc);
    PyMem_Free(cache);
    PyMem_Free(tag);
    return result;
}

static PyObject *
heap_simd(PyObject *self, PyObject *args)
{
    (void)self;
    int flags;
    if (!PyArg_ParseTuple(args, "i", &flags))
        return NULL;
    return PyLong_FromLong(block_simd(flags));
}

/* scan(codes, common, m, start, want, flags) -> (bytes, int): the search of heap_block.h
   for the codes ``want`` (32 bytes, a bit set of 256) among the splits a + (m - a),
   1 <= a <= m // 2, of codes[a] ^ codes[m - a] where common[a] (the larger parts are
   taken as common), from ``start`` on first, by the scan that ``flags`` choose: the codes
   never met, and how many splits were looked at.  For tests. */
static PyObject *
heap_scan(PyObject *self, PyObject *args)
{
    (void)self;
    const char *codes, *common, *want;
    Py_ssize_t n, n2, nw, m, start;
    int flags;
    if (!PyArg_ParseTuple(args, "y#y#nny#i", &codes, &n, &common, &n2, &m, &start, &want, &nw,
                          &flags))
        return NULL;
    if (n != n2 || nw != 32 || m < 2 || m >= n || start < 1) {
        PyErr_SetString(PyExc_ValueError,
                        "need len(codes) == len(common) > m >= 2, start >= 1, 32 bytes of want");
        return NULL;
    }
    Block bk;
    uint8_t *cg = PyMem_Malloc((size_t)n), *ok = PyMem_Malloc((size_t)n);
    PyObject *result = NULL;
    if (cg == NULL || ok == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (block_init(&bk, 2, flags) < 0 || block_room(&bk, n) < 0)
        goto free_block;
    for (Py_ssize_t i = 0; i < n; i++)
        block_store(&bk, cg, ok, i, (uint8_t)codes[i], common[i] != 0);
    uint64_t w4[4];
    memcpy(w4, want, sizeof(w4));
    Py_ssize_t last = m / 2, from = last > start ? start : 1, looked = 0;
#ifdef HEAP_BLOCK_X86
    if (bk.simd == 2)
        looked = block_scan_avx512(&bk, cg, ok, m, from, last, w4);
    else if (bk.simd == 1)
        looked = block_scan_avx2w(&bk, cg, ok, m, from, last, w4);
    else
#endif
    {
        uint8_t set[32];
        memcpy(set, w4, sizeof(set));
        int need = 0;
        for (int c = 0; c < CODES; c++)
            need += (set[c >> 3] >> (c & 7)) & 1;
        for (int pass = 0; pass < 2 && need; pass++) {
            Py_ssize_t lo = pass ? 1 : from, hi = pass ? from - 1 : last;
            looked += block_scan(cg, ok, m, lo, hi, set, &need) - lo;
        }
        memcpy(w4, set, sizeof(set));
    }
    result = Py_BuildValue("y#n", (const char *)w4, (Py_ssize_t)32, looked);
free_block:
    block_free(&bk);
done:
    PyMem_Free(cg);
    PyMem_Free(ok);
    return result;
}

/* --- counts for the choice of mask ------------------------------------------------ */

static PyObject *
heap_tally(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *values;
    Py_ssize_t lo, hi;
    if (!PyArg_ParseTuple(args, "O!nn", &PyList_Type, &values, &lo, &hi))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(values);
    if (lo < 0 || hi > n || lo > hi) {
        PyErr_SetString(PyExc_ValueError, "need 0 <= lo <= hi <= len(values)");
        return NULL;
    }
    Py_ssize_t size = 2, *counts = NULL;
    int32_t *g = PyMem_Malloc((size_t)(hi - lo + 1) * sizeof(int32_t));
    PyObject *result = NULL;
    if (g == NULL)
        return PyErr_NoMemory();
    for (Py_ssize_t i = lo; i < hi; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(values, i));
        if (v == -1 && PyErr_Occurred())
            goto done;
        if (v < 0 || v >= VALUE_LIMIT) {
            PyErr_Format(PyExc_ValueError, "Grundy value %ld out of range", v);
            goto done;
        }
        g[i - lo] = (int32_t)v;
        if (2 * v + 2 > size)
            size = 2 * v + 2;
    }
    counts = PyMem_Calloc((size_t)size, sizeof(Py_ssize_t));
    if (counts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = lo; i < hi; i++)
        counts[2 * g[i - lo] + (i & 1)]++;
    result = PyList_New(size);
    if (result == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < size; i++) {
        PyObject *c = PyLong_FromSsize_t(counts[i]);
        if (c == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, c);
    }
done:
    PyMem_Free(g);
    PyMem_Free(counts);
    return result;
}

static PyMethodDef heap_methods[] = {
    {"sparse", heap_sparse, METH_VARARGS,
     "sparse(values, end, rules, mask, domain, phase, report, next[, flags]): extend values by "
     "the sparse-space method."},
    {"dense", heap_dense, METH_VARARGS,
     "dense(values, end, rules, report, next): extend values by the full mex."},
    {"simd", heap_simd, METH_VARARGS,
     "simd(flags): the scan of the blocks with these flags here (0 scalar, 1 AVX2, 2 AVX-512)."},
    {"scan", heap_scan, METH_VARARGS,
     "scan(codes, common, m, start, want, flags): the codes of want never met among the "
     "splits of m, and how many splits were looked at (tests)."},
    {"tally", heap_tally, METH_VARARGS,
     "tally(values, lo, hi): counts[2 * v + n % 2] over lo <= n < hi."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef heap_module = {
    PyModuleDef_HEAD_INIT,
    "cgt._kernel_heap",
    "Compiled Grundy sequences of octal games (see cgt/games/heap.py).",
    -1,
    heap_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__kernel_heap(void)
{
    PyObject *m = PyModule_Create(&heap_module);
    if (m && PyModule_AddStringConstant(m, "SOURCE_HASH", CGT_SOURCE_HASH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
