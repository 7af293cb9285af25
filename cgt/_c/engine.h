/* engine.h: cgt's node engine, compiled into the canonical kernel only.
 *
 * Included by cgt/_c/canonical.c (and by no other kernel), which exports it to
 * the compiled solvers as the capsule cgt._kernel_canonical._engine_api, the
 * struct declared in engine_api.h; shortgame.c (with boards.h and graphs.h)
 * reaches the engine only through that struct.
 *
 * This is cgt's one canonical form in C: canonical.c's le, add and
 * canonical_form (the compiled half of cgt/canonical.py) and the compiled
 * solvers all run on it.
 *
 * The engine mirrors cgt/canonical.py: games are nodes numbered from 1 and
 * hash-consed, so that every value has exactly one node.  Numbers and nus
 * values x + k.up + *m are interned by value (x, k, m) with their options
 * listed on first use, and compared, added and negated in closed form; a form
 * {L|R} interned from canonical options is recognised as such a value when it
 * is one (cgt.canonical._recognise_nus), other games are interned by their
 * sorted canonical option lists.  Numbers are dyadic rationals num / 2**exp
 * held in 64 bits; anything that would overflow raises Fallback, and the
 * caller's Python path then answers.
 *
 * Game -> node conversion (n_of_game) reads a Game's slots: numbers and nus
 * values by value, other games by their options tuples (canonical already, so
 * interned as they are), memoised by the Game's serial number; the node keeps
 * its Game.  Node -> Game conversion (n_to_python) makes the games of results
 * here, as cgt.canonical makes them: canonical.py hands its intern tables,
 * serial counter and lock over (setup_engine, from cgt.canonical._bind).
 *
 * Every table persists across calls; the memo tables are bounded (emptied
 * when full), and the node tables are emptied at the start of a call once they
 * are over their bound (with every table of the clients, through their
 * on_reset hooks).  A value is inserted only once it is complete, so a search
 * interrupted by Ctrl-C (or stopped by the work budget or the depth guard)
 * leaves the tables consistent.  All of it runs with the GIL held; a
 * re-entrant call (from a signal handler, or from Python code that a
 * conversion runs) raises Fallback instead of touching the tables, and a call
 * from another thread while a call is inside Python code waits for it.
 */
#ifndef CGT_ENGINE_H
#define CGT_ENGINE_H

#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "engine_api.h"
#include "table.h"

/* ------------------------------------------------------------------------ */
/* Errors and the work budget                                                 */
/* ------------------------------------------------------------------------ */
static PyObject *Fallback; /* the engine cannot answer: the caller uses Python */

static int n_fail(const char *msg)
{
    PyErr_SetString(Fallback, msg);
    return -1;
}

static int n_no_memory(void)
{
    PyErr_NoMemory();
    return -1;
}

/* The work budget of the calling thread (cgt.work_limit, canonical.c's `work`):
 * each step here (a sum, comparison or reduction not in the memos, a solver's
 * new component through tick()) spends one. */
static cgt_work_state *g_budget; /* this call's thread's budget (set by n_enter) */

#define N_SPEND_WORK()                                                                  \
    do {                                                                               \
        if (g_budget != NULL && g_budget->on && --g_budget->left < 0)                  \
            return work_exceeded();                                                    \
    } while (0)

/* Depth: every recursive step not answered by a memo goes down one level with
 * descend() and comes back up with LEAVE(): the thread's C stack and Python's
 * recursion limit are checked, RecursionError beyond them, which cgt/_deep.py turns
 * into a re-run on a big stack (not Py_EnterRecursiveCall: from Python 3.12 on it
 * counts against a fixed C limit that the interpreter's recursion limit does not
 * raise); signals are looked at every 1024 steps; descend(1) spends one unit of the
 * work budget too.  One call runs in the engine at a time, so these are plain
 * statics, set for the calling thread by n_enter. */
static long g_depth, g_depth_limit;
static uintptr_t g_stack_floor;
static unsigned int g_steps;

static inline int descend(int spend)
{
    char probe;
    if ((uintptr_t)&probe < g_stack_floor) {
        PyErr_SetString(PyExc_RecursionError,
                        "maximum recursion depth exceeded in cgt's engine (C stack)");
        return -1;
    }
    if (g_depth >= g_depth_limit) {
        PyErr_SetString(PyExc_RecursionError, "maximum recursion depth exceeded in cgt's engine");
        return -1;
    }
    if ((++g_steps & 0x3ff) == 0 && PyErr_CheckSignals() < 0)
        return -1;
    if (spend && g_budget->on && --g_budget->left < 0)
        return work_exceeded();
    g_depth++;
    return 0;
}

#define LEAVE() (g_depth--)

/* floor(x / 2**d) for x >= 0 and d >= 0 (any d: exponents go up to EXP_LIMIT) */
static inline int64_t floor_shift(int64_t x, int d)
{
    return d < 63 ? x >> d : 0;
}

/* ------------------------------------------------------------------------ */
/* Dyadic rationals num / 2**exp (num odd unless exp == 0)                    */
/* ------------------------------------------------------------------------ */
typedef struct {
    int64_t num;
    int32_t exp;
} dy;

#define NUM_LIMIT ((int64_t)1 << 61) /* |num| below this: +-1, negation, doubling are safe */
#define EXP_LIMIT 30000              /* exponents fit an int16_t */

static int n_dcmp(dy a, dy b)
{
    int flip = 1;
    if (a.exp == b.exp)
        return (a.num > b.num) - (a.num < b.num);
    if (a.exp < b.exp) { /* make a the finer one */
        dy t = a;
        a = b;
        b = t;
        flip = -1;
    }
    /* compare a.num with b.num * 2**d */
    int d = a.exp - b.exp;
    if (b.num == 0)
        return flip * ((a.num > 0) - (a.num < 0));
    if (d >= 62 || b.num > (INT64_MAX >> d) || b.num < -(INT64_MAX >> d))
        return flip * (b.num > 0 ? -1 : 1); /* |b.num * 2**d| > |a.num| */
    int64_t bb = b.num * ((int64_t)1 << d);
    return flip * ((a.num > bb) - (a.num < bb));
}

static int dnorm(int64_t num, int64_t exp, dy *out)
{
    if (num == 0)
        exp = 0;
    while (exp > 0 && !(num & 1)) {
        num /= 2;
        exp--;
    }
    if (exp > EXP_LIMIT || num >= NUM_LIMIT || num <= -NUM_LIMIT)
        return n_fail("a number too large for the compiled engine");
    out->num = num;
    out->exp = (int32_t)exp;
    return 0;
}

static int shl_checked(int64_t x, int d, int64_t *out)
{
    if (x == 0) {
        *out = 0;
        return 0;
    }
    if (d >= 62 || x > (INT64_MAX >> (d + 1)) || x < -(INT64_MAX >> (d + 1)))
        return n_fail("a number too large for the compiled engine");
    *out = x * ((int64_t)1 << d);
    return 0;
}

static int dadd(dy a, dy b, dy *out)
{
    int32_t e = a.exp > b.exp ? a.exp : b.exp;
    int64_t x, y;
    if (shl_checked(a.num, e - a.exp, &x) < 0 || shl_checked(b.num, e - b.exp, &y) < 0)
        return -1;
    /* |x|, |y| < 2**62: the sum fits */
    return dnorm(x + y, e, out);
}

/* The simplest number strictly between lo and hi (either may be absent). */
static int simplest_above(dy lo, const dy *hi, dy *out)
{
    /* 0 <= lo < x < hi */
    int64_t n = floor_shift(lo.num, lo.exp) + 1;
    dy cand = {n, 0};
    if (!hi || n_dcmp(cand, *hi) < 0)
        return dnorm(n, 0, out);
    for (int k = 1;; k++) {
        int64_t m;
        if (k <= lo.exp)
            m = floor_shift(lo.num, lo.exp - k);
        else if (shl_checked(lo.num, k - lo.exp, &m) < 0)
            return -1;
        if (dnorm(m + 1, k, &cand) < 0)
            return -1;
        if (n_dcmp(cand, *hi) < 0) {
            *out = cand;
            return 0;
        }
        if (k > EXP_LIMIT)
            return n_fail("a number too large for the compiled engine");
    }
}

static int simplest_between(const dy *lo, const dy *hi, dy *out)
{
    dy zero = {0, 0};
    if (lo && n_dcmp(*lo, zero) >= 0)
        return simplest_above(*lo, hi, out);
    if (hi && n_dcmp(*hi, zero) <= 0) {
        dy nlo, nhi = {-hi->num, hi->exp}, r;
        if (lo) {
            nlo.num = -lo->num;
            nlo.exp = lo->exp;
        }
        if (simplest_above(nhi, lo ? &nlo : NULL, &r) < 0)
            return -1;
        out->num = -r.num;
        out->exp = r.exp;
        return 0;
    }
    *out = zero;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Nodes                                                                      */
/* ------------------------------------------------------------------------ */
typedef struct {
    int64_t ls_num, rs_num; /* stops; a number has both equal to its value */
    int16_t ls_exp, rs_exp;
    uint8_t is_num;
    uint8_t memo; /* results of the raw comparisons of the canonical form at `stamp` */
    uint16_t nl, nr;
    int32_t opt; /* first option in the pool (left then right); -1: not listed yet */
    int32_t neg; /* the node of the negative; 0: not known yet */
    uint32_t hash;
    uint32_t stamp;
    int32_t nus_k;  /* x + k.up + *m (x: the stops): k and m; a number has k = m = 0 */
    uint16_t nus_m; /* NOT_NUS: a general node (an int32 and an int16 in the padding) */
} node;

#define NOT_NUS 0xFFFFu
#define NUS_M_MAX 0xFFFEu             /* nimbers up to this in a node */
#define NUS_K_MAX ((int64_t)1 << 30) /* up counts below this in size */
#define IS_NUS(id) (g_nodes[id].nus_m != NOT_NUS) /* a number or x + k.up + *m */

#define MEMO_GE_KNOWN 1
#define MEMO_GE 2
#define MEMO_LE_KNOWN 4
#define MEMO_LE 8

static node *g_nodes;
static PyObject **g_py; /* node -> its Python game, once converted (strong references) */
static int32_t g_count = 1, g_cap;
static int32_t *g_pool;
static int64_t g_pool_len, g_pool_cap;
static uint32_t g_stamp;

/* The engine's memory is bounded by set_limit() (cgt.set_memory_limit gives the
 * kernel a share of the library's budget).  The share is split below: the node
 * arrays with their options and intern tables (checked between calls: a call
 * that finds them over their part starts afresh), and the memo and board tables
 * (their capacity in slots, a power of two; a full table is emptied and keeps
 * its room).  The defaults are those of the library's default budget. */
static size_t g_node_bytes = (size_t)64 << 20; /* nodes, options, intern tables */

static inline dy ls_of(int32_t id)
{
    dy d = {g_nodes[id].ls_num, g_nodes[id].ls_exp};
    return d;
}

static inline dy rs_of(int32_t id)
{
    dy d = {g_nodes[id].rs_num, g_nodes[id].rs_exp};
    return d;
}

static int32_t new_node(void)
{
    if (g_count >= g_cap) {
        int32_t cap = g_cap ? g_cap * 2 : 1 << 10;
        if (cap > INT32_MAX / 2)
            return n_fail("too many games for the compiled engine");
        node *nodes = realloc(g_nodes, (size_t)cap * sizeof(node));
        if (!nodes)
            return n_no_memory();
        g_nodes = nodes;
        PyObject **py = realloc(g_py, (size_t)cap * sizeof(PyObject *));
        if (!py)
            return n_no_memory();
        g_py = py;
        memset(g_py + g_cap, 0, (size_t)(cap - g_cap) * sizeof(PyObject *));
        g_cap = cap;
    }
    int32_t id = g_count++;
    memset(&g_nodes[id], 0, sizeof(node));
    g_nodes[id].nus_m = NOT_NUS;
    g_py[id] = NULL;
    return id;
}

/* Append n ids to the pool; returns the offset. */
static int64_t pool_append(const int32_t *ids, int64_t n)
{
    if (g_pool_len + n > g_pool_cap) {
        int64_t cap = g_pool_cap ? g_pool_cap : 1 << 12;
        while (cap < g_pool_len + n)
            cap *= 2;
        if (cap > INT32_MAX)
            return n_fail("too many options for the compiled engine");
        int32_t *pool = realloc(g_pool, (size_t)cap * sizeof(int32_t));
        if (!pool)
            return n_no_memory();
        g_pool = pool;
        g_pool_cap = cap;
    }
    int64_t off = g_pool_len;
    if (n)
        memcpy(g_pool + off, ids, (size_t)n * sizeof(int32_t));
    g_pool_len += n;
    return off;
}

/* ------------------------------------------------------------------------ */
/* Intern tables of node ids (numbers by value, general nodes by options)     */
/* ------------------------------------------------------------------------ */
/* An entry is a node id (0: an empty slot); a key is a node's hash and
 * contents (numbers: the value; general nodes: the option lists), with the id
 * of the node to record when the key is new.  Not capped: they intern. */
typedef struct {
    int32_t id;
} idslot;

typedef struct {
    uint32_t hash;
    int32_t id;
    dy x;
    int32_t k, m; /* x + k.up + *m (a number: 0, 0) */
} numkey;

typedef struct {
    uint32_t hash;
    int32_t id;
    const int32_t *L, *R;
    int nl, nr;
} formkey;

static inline int same_number(int32_t id, const numkey *k)
{
    const node *n = &g_nodes[id];
    return n->hash == k->hash && n->ls_num == k->x.num && n->ls_exp == k->x.exp &&
           n->nus_k == k->k && n->nus_m == k->m;
}

static inline int same_form(int32_t id, const formkey *k)
{
    const node *n = &g_nodes[id];
    return n->hash == k->hash && n->nl == k->nl && n->nr == k->nr &&
           !memcmp(g_pool + n->opt, k->L, (size_t)k->nl * sizeof(int32_t)) &&
           !memcmp(g_pool + n->opt + k->nl, k->R, (size_t)k->nr * sizeof(int32_t));
}

#define ID_HASH(k) ((k).hash)
#define ID_USED(e) ((e)->id != 0)
#define ID_SET(e, k) ((e)->id = (k).id)
#define ID_ENTRY_HASH(e) (g_nodes[(e)->id].hash)
#define NUM_SAME(e, k) same_number((e)->id, &(k))
#define FORM_SAME(e, k) same_form((e)->id, &(k))
CGT_TABLE(numtab, idslot, numkey, 1u << 10, ID_HASH, NUM_SAME, ID_USED, ID_SET, ID_ENTRY_HASH)
CGT_TABLE(formtab, idslot, formkey, 1u << 10, ID_HASH, FORM_SAME, ID_USED, ID_SET, ID_ENTRY_HASH)
#define INTERN_UNCAPPED 0x80000000u
static numtab t_numbers = {NULL, 0, 0, INTERN_UNCAPPED, 0};
static formtab t_forms = {NULL, 0, 0, INTERN_UNCAPPED, 0};

static uint32_t hash_number(dy x)
{
    return (uint32_t)mix64((uint64_t)x.num * 31 + (uint64_t)x.exp + 0x9e3779b97f4a7c15ULL);
}

/* The node of x + k.up + *m (a number when k = m = 0), interned by value in the table
 * of numbers; its options are listed on first use (ensure_options), as cgt.canonical
 * does. */
static int32_t make_nus(dy x, int64_t k, int64_t m)
{
    if (x.exp > EXP_LIMIT || x.num >= NUM_LIMIT || x.num <= -NUM_LIMIT)
        return n_fail("a number too large for the compiled engine");
    if (m < 0 || m > NUS_M_MAX || k >= NUS_K_MAX || k <= -NUS_K_MAX)
        return n_fail("a nimber or up count too large for the compiled engine");
    uint32_t h = hash_number(x);
    if (k || m)
        h = (uint32_t)mix64(h + (uint64_t)k * 0x9E3779B97F4A7C15ULL + (uint64_t)m * 0xC2B2AE3DULL);
    numkey key = {h, 0, x, (int32_t)k, (int32_t)m};
    const idslot *found = numtab_find(&t_numbers, key);
    if (found)
        return found->id;
    int32_t id = new_node();
    if (id < 0)
        return -1;
    node *n = &g_nodes[id];
    n->is_num = k == 0 && m == 0;
    n->ls_num = n->rs_num = x.num;
    n->ls_exp = n->rs_exp = (int16_t)x.exp;
    n->nus_k = (int32_t)k;
    n->nus_m = (uint16_t)m;
    n->opt = -1;
    n->hash = h;
    key.id = id;
    if (!numtab_insert(&t_numbers, key))
        return -1;
    return id;
}

static int32_t make_number(dy x)
{
    return make_nus(x, 0, 0);
}

/* The x + k.up + *m that the canonical options L, R (sorted, unique) are the form of,
 * as cgt.canonical._recognise_nus finds it: 0 when none, -1 on error. */
static int32_t recognise_nus(const int32_t *L, int nl, const int32_t *R, int nr)
{
    const node *a = &g_nodes[L[0]];
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < (s ? nr : nl); i++) {
            const node *o = &g_nodes[(s ? R : L)[i]];
            if (o->nus_m == NOT_NUS || o->ls_num != a->ls_num || o->ls_exp != a->ls_exp)
                return 0;
        }
    dy x = {a->ls_num, a->ls_exp};
    if (nl == nr && !memcmp(L, R, (size_t)nl * sizeof(int32_t))) { /* x + *m */
        /* distinct nodes with one x and k = 0 have distinct m: all below nl is all of them */
        for (int i = 0; i < nl; i++) {
            const node *o = &g_nodes[L[i]];
            if (o->nus_k != 0 || (int)o->nus_m >= nl)
                return 0;
        }
        return make_nus(x, 0, nl);
    }
    if (nl == 1 && nr == 1) {
        const node *l = &g_nodes[L[0]], *r = &g_nodes[R[0]];
        if (l->is_num && !r->is_num && r->nus_k >= 0)
            return make_nus(x, (int64_t)r->nus_k + 1, r->nus_m ^ 1);
        if (r->is_num && !l->is_num && l->nus_k <= 0)
            return make_nus(x, (int64_t)l->nus_k - 1, l->nus_m ^ 1);
        return 0;
    }
    /* ^* = {x, x* | x} and v* = {x | x, x*} */
    const int32_t *two = nl == 2 && nr == 1 ? L : nl == 1 && nr == 2 ? R : NULL;
    const int32_t *one = two == L ? R : L;
    if (!two || !g_nodes[one[0]].is_num)
        return 0;
    const node *p = &g_nodes[two[0]], *q = &g_nodes[two[1]];
    int pm = p->nus_k == 0 ? p->nus_m : -1, qm = q->nus_k == 0 ? q->nus_m : -1;
    if (!((pm == 0 && qm == 1) || (pm == 1 && qm == 0)))
        return 0;
    return make_nus(x, two == L ? 1 : -1, 1);
}

static uint32_t hash_lists(const int32_t *L, int nl, const int32_t *R, int nr)
{
    uint64_t h = 0x12345678ULL + (uint64_t)nl * 0x100000001b3ULL;
    for (int i = 0; i < nl; i++)
        h = mix64(h + (uint64_t)L[i]);
    h = mix64(h ^ 0xabcdef0123ULL);
    for (int i = 0; i < nr; i++)
        h = mix64(h + (uint64_t)R[i]);
    return (uint32_t)h;
}

static int cmp_id(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Sort ids and drop repeats; returns the new length. */
static int sort_unique(int32_t *a, int n)
{
    if (n < 2)
        return n;
    if (n < 16) { /* insertion sort: these lists are short */
        for (int i = 1; i < n; i++) {
            int32_t v = a[i];
            int j = i - 1;
            while (j >= 0 && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    } else {
        qsort(a, (size_t)n, sizeof(int32_t), cmp_id);
    }
    int m = 1;
    for (int i = 1; i < n; i++)
        if (a[i] != a[m - 1])
            a[m++] = a[i];
    return m;
}

/* Intern {L|R}: options sorted, unique, canonical, the form canonical, not a number. */
static int32_t n_intern_general(const int32_t *L, int nl, const int32_t *R, int nr)
{
    if (nl == 0 || nr == 0)
        return n_fail("internal: a general node with an empty side");
    if (nl > 65535 || nr > 65535)
        return n_fail("too many options for the compiled engine");
    if (IS_NUS(L[0]) && IS_NUS(R[0])) { /* perhaps x + k.up + *m (never in t_forms) */
        int32_t nus = recognise_nus(L, nl, R, nr);
        if (nus != 0)
            return nus;
    }
    uint32_t h = hash_lists(L, nl, R, nr);
    formkey key = {h, 0, L, R, nl, nr};
    const idslot *found = formtab_find(&t_forms, key);
    if (found)
        return found->id;
    dy ls = rs_of(L[0]), rs = ls_of(R[0]);
    for (int i = 1; i < nl; i++) {
        dy s = rs_of(L[i]);
        if (n_dcmp(s, ls) > 0)
            ls = s;
    }
    for (int i = 1; i < nr; i++) {
        dy s = ls_of(R[i]);
        if (n_dcmp(s, rs) < 0)
            rs = s;
    }
    int64_t off = pool_append(L, nl);
    if (off < 0 || pool_append(R, nr) < 0)
        return -1;
    int32_t id = new_node();
    if (id < 0)
        return -1;
    node *n = &g_nodes[id];
    n->ls_num = ls.num;
    n->ls_exp = (int16_t)ls.exp;
    n->rs_num = rs.num;
    n->rs_exp = (int16_t)rs.exp;
    n->nl = (uint16_t)nl;
    n->nr = (uint16_t)nr;
    n->opt = (int32_t)off;
    n->hash = h;
    key.id = id;
    key.nl = -1; /* a new node: match nothing (L and R may have moved with the pool) */
    if (!formtab_insert(&t_forms, key))
        return -1;
    return id;
}

/* List the options of a number (made on first use, as cgt.canonical does). */
/* Record the listed options of a number or nus node (ids: left then right). */
static int set_options(int32_t id, const int32_t *ids, int nl, int nr)
{
    int64_t off = pool_append(ids, nl + nr);
    if (off < 0)
        return -1;
    node *n = &g_nodes[id];
    n->opt = (int32_t)off;
    n->nl = (uint16_t)nl;
    n->nr = (uint16_t)nr;
    return 0;
}

/* List the options of x + k.up + *m (cgt.canonical._nus_options): *m has x + *j for
 * j < m on both sides; k.up + *m = {x | x + (k-1).up + *(m^1)} but ^* = {x, x* | x}
 * (k < 0: the mirror image). */
static int nus_options(int32_t id)
{
    dy x = ls_of(id);
    int64_t k = g_nodes[id].nus_k, m = g_nodes[id].nus_m;
    int32_t small[4], *ids = small;
    int nl, nr;
    if (k == 0) {
        if (m > 2 && !(ids = malloc((size_t)m * 2 * sizeof(int32_t))))
            return n_no_memory();
        for (int64_t j = 0; j < m; j++)
            if ((ids[j] = make_nus(x, 0, j)) < 0) {
                if (ids != small)
                    free(ids);
                return -1;
            }
        nl = sort_unique(ids, (int)m);
        memcpy(ids + nl, ids, (size_t)nl * sizeof(int32_t));
        nr = nl;
    } else {
        int32_t xn = make_nus(x, 0, 0), near;
        if (xn < 0)
            return -1;
        if (k == 1 && m == 1) { /* ^* = {x, x* | x} */
            if ((near = make_nus(x, 0, 1)) < 0)
                return -1;
            ids[0] = xn < near ? xn : near;
            ids[1] = xn < near ? near : xn;
            ids[2] = xn;
            nl = 2, nr = 1;
        } else if (k == -1 && m == 1) { /* v* = {x | x, x*} */
            if ((near = make_nus(x, 0, 1)) < 0)
                return -1;
            ids[0] = xn;
            ids[1] = xn < near ? xn : near;
            ids[2] = xn < near ? near : xn;
            nl = 1, nr = 2;
        } else {
            if ((near = make_nus(x, k > 0 ? k - 1 : k + 1, m ^ 1)) < 0)
                return -1;
            ids[0] = k > 0 ? xn : near;
            ids[1] = k > 0 ? near : xn;
            nl = nr = 1;
        }
    }
    int r = set_options(id, ids, nl, nr);
    if (ids != small)
        free(ids);
    return r;
}

static int number_options(int32_t id)
{
    if (g_nodes[id].opt >= 0)
        return 0;
    if (!g_nodes[id].is_num)
        return nus_options(id);
    dy x = ls_of(id), o;
    int32_t ids[2];
    int nl = 0, nr = 0;
    if (x.exp > 0) {
        if (dnorm(x.num - 1, x.exp, &o) < 0 || (ids[0] = make_number(o)) < 0)
            return -1;
        if (dnorm(x.num + 1, x.exp, &o) < 0 || (ids[1] = make_number(o)) < 0)
            return -1;
        nl = nr = 1;
    } else if (x.num > 0) {
        o.num = x.num - 1;
        o.exp = 0;
        if ((ids[0] = make_number(o)) < 0)
            return -1;
        nl = 1;
    } else if (x.num < 0) {
        o.num = x.num + 1;
        o.exp = 0;
        if ((ids[0] = make_number(o)) < 0)
            return -1;
        nr = 1;
    }
    return set_options(id, ids, nl, nr);
}

static inline int ensure_options(int32_t id)
{
    return g_nodes[id].opt >= 0 ? 0 : number_options(id);
}

/* ------------------------------------------------------------------------ */
/* Memo tables: 64-bit keys -> int32 values, bounded (emptied when full)      */
/* ------------------------------------------------------------------------ */
/* 64-bit keys (never 0) -> int32 values */
/* The key is held as two 32-bit halves so that an entry is 12 bytes, not a
 * padded 16: the memos outgrow the caches, and a probe then costs a miss per
 * line (a padded entry cost Snort's solver about 8% in CPU time). */
typedef struct {
    uint32_t hi, lo; /* the key's halves; both 0: an empty slot */
    int32_t val;
} memo_entry;

#define MEMO_KEY(e) (((uint64_t)(e)->hi << 32) | (e)->lo)
#define MEMO_HASH(k) mix64(k)
#define MEMO_SAME(e, k) ((e)->lo == (uint32_t)(k) && (e)->hi == (uint32_t)((k) >> 32))
#define MEMO_USED(e) (((e)->hi | (e)->lo) != 0)
#define MEMO_SET(e, k) ((e)->hi = (uint32_t)((k) >> 32), (e)->lo = (uint32_t)(k))
#define MEMO_ENTRY_HASH(e) mix64(MEMO_KEY(e))
CGT_TABLE(memo, memo_entry, uint64_t, 1u << 10, MEMO_HASH, MEMO_SAME, MEMO_USED, MEMO_SET,
          MEMO_ENTRY_HASH)
CGT_TABLE_VALUES(memo, memo_entry, uint64_t, int32_t)

static memo m_le = {NULL, 0, 0, 1u << 22};
static memo m_add = {NULL, 0, 0, 1u << 20};
#define MEMO_SLOT sizeof(memo_entry)
static uint64_t g_memo_entries; /* cgt.set_cache_limit: the most entries of each memo (0: none) */

/* Memoise a result, keeping the table within g_memo_entries (a full memo is emptied). */
static int memo_store(memo *t, uint64_t key, int32_t val)
{
    if (g_memo_entries && t->count >= g_memo_entries)
        memo_clear(t);
    return memo_put(t, key, val);
}

static inline uint64_t pair_key(int32_t a, int32_t b)
{
    return ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
}

/* ------------------------------------------------------------------------ */
/* Comparison (as cgt.canonical.le)                                           */
/* ------------------------------------------------------------------------ */
static int n_le(int32_t g, int32_t h)
{
    if (g == h)
        return 1;
    const node *G = &g_nodes[g], *H = &g_nodes[h];
    if (G->nus_m != NOT_NUS && H->nus_m != NOT_NUS) {
        /* x + k.up + *m <= y + j.up + *n: the numbers decide when they differ; else
         * (j - k).up + *(m ^ n) >= 0 */
        int c = n_dcmp(ls_of(g), ls_of(h));
        if (c != 0)
            return c < 0;
        int64_t k = (int64_t)H->nus_k - G->nus_k;
        int m = G->nus_m ^ H->nus_m;
        return k == 0 ? m == 0 : k >= 2 ? 1 : k == 1 ? m != 1 : 0;
    }
    /* stops: G <= H needs LS(G) <= LS(H) and RS(G) <= RS(H); LS(G) < RS(H) suffices */
    if (n_dcmp(ls_of(h), ls_of(g)) < 0 || n_dcmp(rs_of(h), rs_of(g)) < 0)
        return 0;
    if (n_dcmp(ls_of(g), rs_of(h)) < 0)
        return 1;
    uint64_t key = pair_key(g, h);
    int32_t r;
    if (memo_get(&m_le, key, &r))
        return r;
    if (descend(1) < 0)
        return -1;
    int g_num = G->is_num, h_num = H->is_num;
    r = 1;
    if ((!g_num && ensure_options(g) < 0) || (!h_num && ensure_options(h) < 0))
        r = -1;
    if (r == 1 && !g_num) { /* G <= H needs no G^L >= H (for a number H too: avoidance) */
        int nl = g_nodes[g].nl;
        for (int i = 0; i < nl && r == 1; i++) {
            int t = n_le(h, g_pool[g_nodes[g].opt + i]);
            if (t != 0)
                r = t < 0 ? -1 : 0;
        }
    }
    if (r == 1 && !h_num) { /* and no H^R <= G */
        for (int i = 0; i < g_nodes[h].nr && r == 1; i++) {
            int t = n_le(g_pool[g_nodes[h].opt + g_nodes[h].nl + i], g);
            if (t != 0)
                r = t < 0 ? -1 : 0;
        }
    }
    LEAVE();
    if (r < 0 || memo_store(&m_le, key, r) < 0)
        return -1;
    return r;
}

/* ------------------------------------------------------------------------ */
/* Canonical form (as cgt.canonical.canonical_form)                           */
/* ------------------------------------------------------------------------ */
/* The current form {L|R} of the canonical form being built. */
static const idvec *c_L, *c_R;

static int n_raw_le(int32_t x);

/* x <= {L|R} */
static int n_raw_ge(int32_t x)
{
    node *n = &g_nodes[x];
    if (n->stamp != g_stamp) {
        n->stamp = g_stamp;
        n->memo = 0;
    } else if (n->memo & MEMO_GE_KNOWN) {
        return (n->memo & MEMO_GE) != 0;
    }
    if (descend(1) < 0)
        return -1;
    int r = 1;
    for (int i = 0; i < c_R->n && r == 1; i++) {
        int t = n_le(c_R->a[i], x);
        if (t != 0)
            r = t < 0 ? -1 : 0;
    }
    if (r == 1 && ensure_options(x) < 0)
        r = -1;
    for (int i = 0; r == 1 && i < g_nodes[x].nl; i++) {
        int t = n_raw_le(g_pool[g_nodes[x].opt + i]);
        if (t != 0)
            r = t < 0 ? -1 : 0;
    }
    LEAVE();
    if (r < 0)
        return -1;
    n = &g_nodes[x];
    if (n->stamp != g_stamp) {
        n->stamp = g_stamp;
        n->memo = 0;
    }
    n->memo |= MEMO_GE_KNOWN | (r ? MEMO_GE : 0);
    return r;
}

/* {L|R} <= x */
static int n_raw_le(int32_t x)
{
    node *n = &g_nodes[x];
    if (n->stamp != g_stamp) {
        n->stamp = g_stamp;
        n->memo = 0;
    } else if (n->memo & MEMO_LE_KNOWN) {
        return (n->memo & MEMO_LE) != 0;
    }
    if (descend(1) < 0)
        return -1;
    int r = 1;
    for (int i = 0; i < c_L->n && r == 1; i++) {
        int t = n_le(x, c_L->a[i]);
        if (t != 0)
            r = t < 0 ? -1 : 0;
    }
    if (r == 1 && ensure_options(x) < 0)
        r = -1;
    for (int i = 0; r == 1 && i < g_nodes[x].nr; i++) {
        int t = n_raw_ge(g_pool[g_nodes[x].opt + g_nodes[x].nl + i]);
        if (t != 0)
            r = t < 0 ? -1 : 0;
    }
    LEAVE();
    if (r < 0)
        return -1;
    n = &g_nodes[x];
    if (n->stamp != g_stamp) {
        n->stamp = g_stamp;
        n->memo = 0;
    }
    n->memo |= MEMO_LE_KNOWN | (r ? MEMO_LE : 0);
    return r;
}

static void n_next_stamp(void)
{
    if (++g_stamp == 0) { /* wrapped: forget every stamp */
        for (int32_t i = 1; i < g_count; i++)
            g_nodes[i].stamp = 0;
        g_stamp = 1;
    }
}

/* Keep the options no other dominates (Left: the maximal, Right: the minimal). */
static int n_undominated(idvec *v, int for_left)
{
    int32_t best = 0;
    int n = 0;
    for (int i = 0; i < v->n; i++) { /* numbers are ordered: keep the best one only */
        int32_t o = v->a[i];
        if (g_nodes[o].is_num) {
            if (!best) {
                best = o;
            } else {
                int c = n_dcmp(ls_of(o), ls_of(best));
                if (for_left ? c > 0 : c < 0)
                    best = o;
            }
        } else {
            v->a[n++] = o;
        }
    }
    /* candidates: best then the others, in order; `kept` is built in place */
    int total = n + (best ? 1 : 0);
    int32_t stack_buf[64];
    int32_t *cand = total <= 64 ? stack_buf : malloc((size_t)total * sizeof(int32_t));
    if (!cand)
        return n_no_memory();
    int c = 0;
    if (best)
        cand[c++] = best;
    for (int i = 0; i < n; i++)
        cand[c++] = v->a[i];
    int kept = 0;
    for (int i = 0; i < total; i++) {
        int32_t a = cand[i];
        int dominated = 0;
        for (int j = 0; j < kept; j++) {
            int t = for_left ? n_le(a, v->a[j]) : n_le(v->a[j], a);
            if (t < 0)
                goto error;
            if (t) {
                dominated = 1;
                break;
            }
        }
        if (dominated)
            continue;
        int k2 = 0;
        for (int j = 0; j < kept; j++) {
            int32_t b = v->a[j];
            int t = for_left ? n_le(b, a) : n_le(a, b);
            if (t < 0)
                goto error;
            if (!t)
                v->a[k2++] = b;
        }
        kept = k2;
        v->a[kept++] = a;
    }
    v->n = kept;
    if (cand != stack_buf)
        free(cand);
    return 0;
error:
    if (cand != stack_buf)
        free(cand);
    return -1;
}

static int n_all_numbers(const idvec *v)
{
    for (int i = 0; i < v->n; i++)
        if (!g_nodes[v->a[i]].is_num)
            return 0;
    return 1;
}

static int32_t n_numbers_only(const idvec *L, const idvec *R)
{
    int32_t a = 0, b = 0;
    for (int i = 0; i < L->n; i++)
        if (!a || n_dcmp(ls_of(L->a[i]), ls_of(a)) > 0)
            a = L->a[i];
    for (int i = 0; i < R->n; i++)
        if (!b || n_dcmp(ls_of(R->a[i]), ls_of(b)) < 0)
            b = R->a[i];
    if (a && b && n_dcmp(ls_of(a), ls_of(b)) >= 0)
        return n_intern_general(&a, 1, &b, 1); /* {a|b} with a >= b (a* when equal) */
    dy lo, hi, x;
    if (a)
        lo = ls_of(a);
    if (b)
        hi = ls_of(b);
    if (simplest_between(a ? &lo : NULL, b ? &hi : NULL, &x) < 0)
        return -1;
    return make_number(x);
}

/* The canonical node equal to {left|right} (options canonical nodes). */
static int32_t n_canonical_form(const int32_t *left, int nl, const int32_t *right, int nr)
{
    idvec L = {NULL, 0, 0}, R = {NULL, 0, 0}, NL = {NULL, 0, 0}, NR = {NULL, 0, 0};
    int32_t result = -1;
    for (int i = 0; i < nl; i++)
        if (idvec_push(&L, left[i]) < 0)
            goto done;
    for (int i = 0; i < nr; i++)
        if (idvec_push(&R, right[i]) < 0)
            goto done;
    L.n = sort_unique(L.a, L.n);
    R.n = sort_unique(R.a, R.n);
    if (n_all_numbers(&L) && n_all_numbers(&R)) {
        result = n_numbers_only(&L, &R);
        goto done;
    }
    if (g_budget != NULL && g_budget->on && --g_budget->left < 0) {
        work_exceeded();
        goto done;
    }
    for (;;) {
        if (n_undominated(&L, 1) < 0 || n_undominated(&R, 0) < 0)
            goto done;
        int changed = 0;
        n_next_stamp();
        c_L = &L;
        c_R = &R;
        NL.n = NR.n = 0;
        for (int i = 0; i < L.n; i++) {
            int32_t a = L.a[i];
            int replaced = 0;
            if (ensure_options(a) < 0)
                goto done;
            for (int j = 0; j < g_nodes[a].nr; j++) {
                int32_t ar = g_pool[g_nodes[a].opt + g_nodes[a].nl + j];
                int t = n_raw_ge(ar);
                if (t < 0)
                    goto done;
                if (t) { /* A is reversible through A^R <= G: bypass it */
                    if (ensure_options(ar) < 0)
                        goto done;
                    for (int k = 0; k < g_nodes[ar].nl; k++)
                        if (idvec_push(&NL, g_pool[g_nodes[ar].opt + k]) < 0)
                            goto done;
                    replaced = changed = 1;
                    break;
                }
            }
            if (!replaced && idvec_push(&NL, a) < 0)
                goto done;
        }
        for (int i = 0; i < R.n; i++) {
            int32_t b = R.a[i];
            int replaced = 0;
            if (ensure_options(b) < 0)
                goto done;
            for (int j = 0; j < g_nodes[b].nl; j++) {
                int32_t bl = g_pool[g_nodes[b].opt + j];
                int t = n_raw_le(bl);
                if (t < 0)
                    goto done;
                if (t) {
                    if (ensure_options(bl) < 0)
                        goto done;
                    for (int k = 0; k < g_nodes[bl].nr; k++)
                        if (idvec_push(&NR, g_pool[g_nodes[bl].opt + g_nodes[bl].nl + k]) < 0)
                            goto done;
                    replaced = changed = 1;
                    break;
                }
            }
            if (!replaced && idvec_push(&NR, b) < 0)
                goto done;
        }
        idvec t = L;
        L = NL;
        NL = t;
        t = R;
        R = NR;
        NR = t;
        L.n = sort_unique(L.a, L.n);
        R.n = sort_unique(R.a, R.n);
        if (!changed)
            break;
    }
    if (n_all_numbers(&L) && n_all_numbers(&R))
        result = n_numbers_only(&L, &R);
    else
        result = n_intern_general(L.a, L.n, R.a, R.n);
done:
    c_L = c_R = NULL;
    free(L.a);
    free(R.a);
    free(NL.a);
    free(NR.a);
    return result;
}

/* ------------------------------------------------------------------------ */
/* Negation and sums (as cgt.canonical.negate and add)                       */
/* ------------------------------------------------------------------------ */
static int32_t n_negate(int32_t g)
{
    if (g_nodes[g].neg)
        return g_nodes[g].neg;
    int32_t n;
    if (IS_NUS(g)) { /* -(x + k.up + *m) = -x - k.up + *m */
        dy x = ls_of(g);
        x.num = -x.num;
        n = make_nus(x, -(int64_t)g_nodes[g].nus_k, g_nodes[g].nus_m);
    } else {
        if (descend(0) < 0)
            return -1;
        int nl = g_nodes[g].nl, nr = g_nodes[g].nr;
        int32_t buf[128];
        int32_t *a = nl + nr <= 128 ? buf : malloc((size_t)(nl + nr) * sizeof(int32_t));
        if (!a)
            return n_no_memory();
        n = 0;
        for (int i = 0; i < nl + nr && n >= 0; i++) {
            int32_t o = n_negate(g_pool[g_nodes[g].opt + i]);
            if (o < 0)
                n = -1;
            a[i] = o;
        }
        if (n == 0) { /* -{L|R} = {-R|-L} */
            int nr2 = sort_unique(a + nl, nr);
            int nl2 = sort_unique(a, nl);
            n = n_intern_general(a + nl, nr2, a, nl2);
        }
        if (a != buf)
            free(a);
        LEAVE();
    }
    if (n < 0)
        return -1;
    g_nodes[g].neg = n;
    g_nodes[n].neg = g;
    return n;
}

static int32_t n_add(int32_t g, int32_t h);

/* g + x for a general canonical g and a number x: {G^L + x | G^R + x} */
static int32_t n_translate(int32_t g, int32_t x)
{
    int nl = g_nodes[g].nl, nr = g_nodes[g].nr;
    int32_t buf[128];
    int32_t *a = nl + nr <= 128 ? buf : malloc((size_t)(nl + nr) * sizeof(int32_t));
    if (!a)
        return n_no_memory();
    int32_t r = 0;
    for (int i = 0; i < nl + nr; i++) {
        int32_t o = n_add(g_pool[g_nodes[g].opt + i], x);
        if (o < 0) {
            r = -1;
            break;
        }
        a[i] = o;
    }
    if (r == 0) {
        int nl2 = sort_unique(a, nl), nr2 = sort_unique(a + nl, nr);
        r = n_intern_general(a, nl2, a + nl, nr2);
    }
    if (a != buf)
        free(a);
    return r;
}

static int32_t g_zero;

static int32_t n_add(int32_t g, int32_t h)
{
    int g_num = g_nodes[g].is_num, h_num = g_nodes[h].is_num;
    if (IS_NUS(g) && IS_NUS(h)) { /* (x + k.up + *m) + (y + j.up + *n), in closed form */
        dy s;
        if (dadd(ls_of(g), ls_of(h), &s) < 0)
            return -1;
        return make_nus(s, (int64_t)g_nodes[g].nus_k + g_nodes[h].nus_k,
                        g_nodes[g].nus_m ^ g_nodes[h].nus_m);
    }
    if (g_nodes[g].neg == h)
        return g_zero; /* G + (-G) = 0 */
    uint64_t key = g < h ? pair_key(g, h) : pair_key(h, g);
    int32_t r;
    if (memo_get(&m_add, key, &r))
        return r;
    if (descend(1) < 0)
        return -1;
    if (g_num) {
        r = g_nodes[g].ls_num == 0 ? h : n_translate(h, g);
    } else if (h_num) {
        r = g_nodes[h].ls_num == 0 ? g : n_translate(g, h);
    } else if (ensure_options(g) < 0 || ensure_options(h) < 0) {
        r = -1;
    } else {
        int gl = g_nodes[g].nl, gr = g_nodes[g].nr, hl = g_nodes[h].nl, hr = g_nodes[h].nr;
        int n = gl + gr + hl + hr;
        int32_t buf[256];
        int32_t *a = n <= 256 ? buf : malloc((size_t)n * sizeof(int32_t));
        if (!a) {
            LEAVE();
            return n_no_memory();
        }
        int k = 0;
        r = 0;
        /* left: G^L + H, G + H^L; right: G^R + H, G + H^R */
        for (int i = 0; i < gl && r >= 0; i++)
            r = a[k++] = n_add(g_pool[g_nodes[g].opt + i], h);
        for (int i = 0; i < hl && r >= 0; i++)
            r = a[k++] = n_add(g, g_pool[g_nodes[h].opt + i]);
        for (int i = 0; i < gr && r >= 0; i++)
            r = a[k++] = n_add(g_pool[g_nodes[g].opt + gl + i], h);
        for (int i = 0; i < hr && r >= 0; i++)
            r = a[k++] = n_add(g, g_pool[g_nodes[h].opt + hl + i]);
        if (r >= 0)
            r = n_canonical_form(a, gl + hl, a + gl + hl, gr + hr);
        if (a != buf)
            free(a);
    }
    LEAVE();
    if (r < 0)
        return -1;
    if (memo_store(&m_add, key, r) < 0)
        return -1;
    return r;
}


/* ------------------------------------------------------------------------ */
/* Table management                                                           */
/* ------------------------------------------------------------------------ */
static int g_busy, g_clear_pending;
static unsigned long g_owner;         /* the thread inside a call (while g_busy) */
static PyThread_type_lock g_mutex;    /* held by that thread for the call */
static memo m_games = {NULL, 0, 0, 0x80000000u, 0}; /* Game serial -> node (-1: beyond the engine) */
static PyObject *cb_number, *cb_form; /* Python constructors of games */
static uint64_t g_ticks;             /* solver steps since the last look at signals */
#define SIGNAL_EVERY 2048

/* The clients' tables keyed on node ids, emptied with the nodes. */
#define MAX_RESET_HOOKS 8
static void (*g_reset_hooks[MAX_RESET_HOOKS])(void);
static int g_reset_hook_count;

static void n_reset_all(void)
{
    for (int i = 0; i < g_reset_hook_count; i++)
        g_reset_hooks[i]();
    memo_free(&m_le);
    memo_free(&m_add);
    memo_free(&m_games);
    /* the games are released last, once the engine is empty: releasing one can run
     * Python code (weak-reference callbacks), and another thread with it */
    PyObject **py = g_py;
    int32_t count = g_count;
    free(g_nodes);
    free(g_pool);
    g_nodes = NULL;
    g_py = NULL;
    g_pool = NULL;
    g_count = 1;
    g_cap = 0;
    g_pool_len = g_pool_cap = 0;
    numtab_free(&t_numbers);
    formtab_free(&t_forms);
    g_zero = 0;
    g_stamp = 0;
    for (int32_t i = 1; i < count; i++)
        Py_XDECREF(py[i]);
    free(py);
}

/* Bytes held by the nodes, their Python games' pointers, the options and the
 * intern tables (as allocated). */
static size_t node_bytes(void)
{
    return (size_t)g_cap * (sizeof(node) + sizeof(PyObject *)) + (size_t)g_pool_cap * sizeof(int32_t) +
           numtab_bytes(&t_numbers) + formtab_bytes(&t_forms) + memo_bytes(&m_games);
}

/* The engine is inside a call of another thread, which let the GIL go (a call back
 * into Python while it makes a result's games): wait, without the GIL, until it
 * leaves (Ctrl-C still interrupts).  A wait beyond about 0.2 s raises Fallback, so
 * that no cycle of waits (a lock the other thread needs, held by this one) can hang;
 * the Python path then answers. */
#define WAIT_SLICE_US 2000
#define WAIT_SLICES 100
static int n_wait(void)
{
    for (int i = 0; g_busy; i++) {
        if (i == WAIT_SLICES)
            return n_fail("the compiled engine is busy in another thread");
        PyLockStatus got;
        Py_BEGIN_ALLOW_THREADS
        got = PyThread_acquire_lock_timed(g_mutex, WAIT_SLICE_US, 0);
        if (got == PY_LOCK_ACQUIRED)
            PyThread_release_lock(g_mutex);
        Py_END_ALLOW_THREADS
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
    return 0;
}

/* Enter a call: refuse re-entry (Fallback), wait for another thread's call, trim the
 * node tables, make sure zero exists. */
static int n_enter(void)
{
    unsigned long me = PyThread_get_thread_ident();
    for (;;) {
        if (g_busy) {
            if (g_owner == me)
                return n_fail("the compiled engine is busy (re-entrant call)");
            if (n_wait() < 0)
                return -1;
        }
        if (!g_clear_pending && node_bytes() <= g_node_bytes)
            break;
        g_clear_pending = 0;
        n_reset_all(); /* (releasing games can run Python code, and another thread's call) */
    }
    /* free but for a waiting thread's instant between taking and releasing it */
    PyThread_acquire_lock(g_mutex, WAIT_LOCK);
    g_busy = 1;
    g_owner = me;
    g_budget = work_current();
    g_depth = 0;
    g_depth_limit = Py_GetRecursionLimit();
    g_stack_floor = stack_floor_here();
    if (!g_zero) {
        dy z = {0, 0};
        int32_t id = make_number(z);
        if (id < 0) {
            g_busy = 0;
            g_budget = NULL;
            PyThread_release_lock(g_mutex);
            return -1;
        }
        g_zero = id;
    }
    return 0;
}

static void n_leave(void)
{
    g_busy = 0;
    g_budget = NULL;
    PyThread_release_lock(g_mutex);
    if (g_clear_pending) {
        n_reset_all();
        g_clear_pending = 0;
    }
}

/* Forget every node and memo now, or when the running call leaves. */
static void n_clear(void)
{
    if (g_busy)
        g_clear_pending = 1;
    else
        n_reset_all();
}

/* ------------------------------------------------------------------------ */
/* Interning result games from C                                              */
/* ------------------------------------------------------------------------ */
/* cgt.canonical interns every game in weak-value dictionaries (numbers by
 * (num, exp), other forms by the sorted serial numbers of their options) and
 * makes new ones under its intern lock.  setup_intern() hands those objects
 * over, so that the games of a result are looked up and made here, exactly as
 * cgt.canonical makes them (same slots, same keys, same lock), instead of one
 * Python call per node.  Nus values (numbers plus ups and stars) are left to
 * the Python callback, which recognises them.  Without setup_intern() the
 * callbacks do everything. */
enum { S_ID, S_LEFT, S_RIGHT, S_X, S_K, S_M, S_LS, S_RS, S_BIRTHDAY, S_SMALL, S_NEG, S_ISNUM,
       S_COUNT };
static const char *const SLOT_NAMES[S_COUNT] = {"_id", "_left", "_right", "_x", "_k", "_m",
                                                "_ls", "_rs", "_birthday", "_small", "_neg",
                                                "_is_number"};
static Py_ssize_t g_off[S_COUNT];            /* offsets of the game slots */
static Py_ssize_t d_off_num, d_off_exp;       /* offsets of Dyadic's slots */
static PyTypeObject *ic_game, *ic_dyadic, *ic_keyedref;
static PyObject *ic_serial, *ic_forms, *ic_numbers, *ic_forms_remove, *ic_numbers_remove, *ic_lock,
    *ic_key_name;

#define ISLOT(obj, s) (*(PyObject **)((char *)(obj) + g_off[s]))

static int slot_offset(PyObject *cls, const char *name, Py_ssize_t *off)
{
    PyObject *d = PyObject_GetAttrString(cls, name);
    if (!d)
        return -1;
    if (!Py_IS_TYPE(d, &PyMemberDescr_Type) ||
        ((PyMemberDescrObject *)d)->d_member->type != T_OBJECT_EX) {
        Py_DECREF(d);
        PyErr_Format(PyExc_TypeError, "%s is not an object slot", name);
        return -1;
    }
    *off = ((PyMemberDescrObject *)d)->d_member->offset;
    Py_DECREF(d);
    return 0;
}

static PyObject *setup_intern(PyObject *args)
{
    PyObject *game, *dyadic, *keyedref, *serial, *forms, *numbers, *nus, *fremove, *nremove,
        *uremove, *lock;
    if (!PyArg_ParseTuple(args, "O!O!O!OO!O!O!OOOO", &PyType_Type, &game, &PyType_Type, &dyadic,
                          &PyType_Type, &keyedref, &serial, &PyDict_Type, &forms, &PyDict_Type,
                          &numbers, &PyDict_Type, &nus, &fremove, &nremove, &uremove, &lock))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)keyedref, &_PyWeakref_RefType)) {
        PyErr_SetString(PyExc_TypeError, "setup_intern() needs a weakref.ref subclass");
        return NULL;
    }
    for (int i = 0; i < S_COUNT; i++)
        if (slot_offset(game, SLOT_NAMES[i], &g_off[i]) < 0)
            return NULL;
    if (slot_offset(dyadic, "_num", &d_off_num) < 0 || slot_offset(dyadic, "_exp", &d_off_exp) < 0)
        return NULL;
    if (!ic_key_name && !(ic_key_name = PyUnicode_InternFromString("key")))
        return NULL;
    Py_XSETREF(ic_game, (PyTypeObject *)Py_NewRef(game));
    Py_XSETREF(ic_dyadic, (PyTypeObject *)Py_NewRef(dyadic));
    Py_XSETREF(ic_keyedref, (PyTypeObject *)Py_NewRef(keyedref));
    Py_XSETREF(ic_serial, Py_NewRef(serial));
    Py_XSETREF(ic_forms, Py_NewRef(forms));
    Py_XSETREF(ic_numbers, Py_NewRef(numbers));
    (void)nus; /* the nus games are made by the Python callback (make_nus), not here */
    (void)uremove;
    Py_XSETREF(ic_forms_remove, Py_NewRef(fremove));
    Py_XSETREF(ic_numbers_remove, Py_NewRef(nremove));
    Py_XSETREF(ic_lock, Py_NewRef(lock));
    Py_RETURN_NONE;
}

/* The live game interned under key in table (a new reference), or NULL: none there, or
 * it died (no error set), or an error.  Python 3.13 deprecates PyWeakref_GetObject (a
 * borrowed reference) for PyWeakref_GetRef. */
static PyObject *interned(PyObject *table, PyObject *key)
{
    PyObject *ref = PyDict_GetItemWithError(table, key);
    if (!ref)
        return NULL;
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *g = NULL;
    return PyWeakref_GetRef(ref, &g) > 0 ? g : NULL;
#else
    PyObject *g = PyWeakref_GetObject(ref);
    return g == Py_None ? NULL : Py_XNewRef(g);
#endif
}

/* Make a game with these slot values (new references are taken), intern it
 * under key in table (weakly, with the dictionary's own callback), under the
 * intern lock; return the interned game (a new reference). */
static PyObject *intern_new(PyObject *table, PyObject *remove, PyObject *key,
                            PyObject *const vals[S_COUNT])
{
    PyObject *r = PyObject_CallMethod(ic_lock, "acquire", NULL);
    if (!r)
        return NULL;
    Py_DECREF(r);
    PyObject *g = interned(table, key);
    if (!g && !PyErr_Occurred()) {
        PyObject *id = PyIter_Next(ic_serial);
        g = id ? ic_game->tp_alloc(ic_game, 0) : NULL;
        if (g) {
            for (int i = 0; i < S_COUNT; i++)
                ISLOT(g, i) = Py_NewRef(i == S_ID ? id : vals[i]);
            PyObject *wargs = PyTuple_Pack(2, g, remove);
            PyObject *ref = wargs ? _PyWeakref_RefType.tp_new(ic_keyedref, wargs, NULL) : NULL;
            Py_XDECREF(wargs);
            if (!ref || PyObject_SetAttr(ref, ic_key_name, key) < 0 ||
                PyDict_SetItem(table, key, ref) < 0)
                Py_CLEAR(g);
            Py_XDECREF(ref);
        }
        Py_XDECREF(id);
    }
    PyObject *exc_type, *exc_value, *exc_tb;
    PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
    r = PyObject_CallMethod(ic_lock, "release", NULL);
    if (!r) {
        Py_XDECREF(exc_type);
        Py_XDECREF(exc_value);
        Py_XDECREF(exc_tb);
        Py_XDECREF(g);
        return NULL;
    }
    Py_DECREF(r);
    PyErr_Restore(exc_type, exc_value, exc_tb);
    return g;
}

/* The game of the number num/2**exp (normalised), or NULL with an error; *done
 * is 0 when the Python callback should make it instead. */
static PyObject *c_number(long long num, int exp, int *done)
{
    *done = 0;
    if (!ic_game || (exp > 0 && !(num & 1)) || exp < 0)
        return NULL;
    *done = 1;
    PyObject *key = Py_BuildValue("(Li)", num, exp);
    if (!key)
        return NULL;
    PyObject *g = interned(ic_numbers, key);
    if (g || PyErr_Occurred()) {
        Py_DECREF(key);
        return g;
    }
    unsigned long long mag = num < 0 ? 0ULL - (unsigned long long)num : (unsigned long long)num;
    long long birthday = exp == 0 ? (long long)mag : (long long)shr64(mag, exp) + 1 + exp;
    PyObject *d = ic_dyadic->tp_alloc(ic_dyadic, 0);
    PyObject *pnum = PyTuple_GET_ITEM(key, 0), *pexp = PyTuple_GET_ITEM(key, 1);
    PyObject *pb = PyLong_FromLongLong(birthday), *zero = PyLong_FromLong(0);
    if (d && pb && zero) {
        *(PyObject **)((char *)d + d_off_num) = Py_NewRef(pnum);
        *(PyObject **)((char *)d + d_off_exp) = Py_NewRef(pexp);
        PyObject *vals[S_COUNT] = {NULL, Py_None, Py_None, d, zero, zero, d, d, pb,
                                   num == 0 ? Py_True : Py_False, Py_None, Py_True};
        g = intern_new(ic_numbers, ic_numbers_remove, key, vals);
    }
    Py_XDECREF(d);
    Py_XDECREF(pb);
    Py_XDECREF(zero);
    Py_DECREF(key);
    return g;
}

/* The game {left|right} (canonical, not a number), or NULL with an error;
 * *done is 0 when the Python callback should make it (a possible nus value). */
static PyObject *c_form(PyObject *left, PyObject *right, int bl, int br, int *done)
{
    *done = 0;
    if (!ic_game)
        return NULL;
    /* A nus value (x plus ups and stars) has options that all share the number
     * part x; only such forms go to Python, which recognises nus values. */
    int same_x = 1;
    PyObject *x0 = ISLOT(PyTuple_GET_ITEM(left, 0), S_X);
    for (int s = 0; s < 2 && same_x; s++) {
        PyObject *side = s ? right : left;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(side) && same_x; i++) {
            PyObject *x = ISLOT(PyTuple_GET_ITEM(side, i), S_X);
            if (x == Py_None || x0 == Py_None)
                same_x = 0;
            else if (x != x0) {
                int eq = PyObject_RichCompareBool(*(PyObject **)((char *)x + d_off_num),
                                                  *(PyObject **)((char *)x0 + d_off_num), Py_EQ);
                if (eq > 0)
                    eq = PyObject_RichCompareBool(*(PyObject **)((char *)x + d_off_exp),
                                                  *(PyObject **)((char *)x0 + d_off_exp), Py_EQ);
                if (eq < 0) {
                    *done = 1;
                    return NULL;
                }
                same_x = eq;
            }
        }
    }
    if (same_x) /* ({x|x} never comes here: the engine holds it as a nus node) */
        return NULL;
    *done = 1;
    PyObject *sides[2] = {left, right}, *keys[2] = {NULL, NULL};
    long long birthday = 0;
    int small = 1;
    for (int s = 0; s < 2; s++) {
        Py_ssize_t n = PyTuple_GET_SIZE(sides[s]);
        PyObject *k = PyTuple_New(n);
        if (!k)
            goto fail;
        keys[s] = k;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *o = PyTuple_GET_ITEM(sides[s], i), *id = ISLOT(o, S_ID);
            /* insertion sort by serial number */
            Py_ssize_t j = i;
            while (j > 0) {
                int gt = PyObject_RichCompareBool(PyTuple_GET_ITEM(k, j - 1), id, Py_GT);
                if (gt < 0)
                    goto fail;
                if (!gt)
                    break;
                PyTuple_SET_ITEM(k, j, PyTuple_GET_ITEM(k, j - 1));
                j--;
            }
            PyTuple_SET_ITEM(k, j, Py_NewRef(id));
            long long b = PyLong_AsLongLong(ISLOT(o, S_BIRTHDAY));
            if (b == -1 && PyErr_Occurred())
                goto fail;
            if (b > birthday)
                birthday = b;
            if (small) {
                PyObject *x = ISLOT(o, S_X);
                if (ISLOT(o, S_SMALL) != Py_True)
                    small = 0;
                else if (x != Py_None) {
                    PyObject *xn = *(PyObject **)((char *)x + d_off_num);
                    int nz = PyObject_IsTrue(xn);
                    if (nz < 0)
                        goto fail;
                    if (nz)
                        small = 0;
                }
            }
        }
    }
    PyObject *key = PyTuple_Pack(2, keys[0], keys[1]);
    Py_CLEAR(keys[0]);
    Py_CLEAR(keys[1]);
    if (!key)
        return NULL;
    PyObject *g = interned(ic_forms, key);
    if (g || PyErr_Occurred()) {
        Py_DECREF(key);
        return g;
    }
    PyObject *pb = PyLong_FromLongLong(birthday + 1), *zero = PyLong_FromLong(0);
    if (pb && zero) {
        PyObject *vals[S_COUNT] = {NULL,
                                   left,
                                   right,
                                   Py_None,
                                   zero,
                                   zero,
                                   ISLOT(PyTuple_GET_ITEM(left, bl), S_RS),
                                   ISLOT(PyTuple_GET_ITEM(right, br), S_LS),
                                   pb,
                                   small ? Py_True : Py_False,
                                   Py_None,
                                   Py_False};
        g = intern_new(ic_forms, ic_forms_remove, key, vals);
    }
    Py_XDECREF(pb);
    Py_XDECREF(zero);
    Py_DECREF(key);
    return g;
fail:
    Py_XDECREF(keys[0]);
    Py_XDECREF(keys[1]);
    return NULL;
}

/* The Python game of a node (a new reference); each node converts once. */
static PyObject *n_to_python(int32_t id)
{
    if (g_py[id]) {
        Py_INCREF(g_py[id]);
        return g_py[id];
    }
    if (!cb_number || !cb_form) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled engine is not set up");
        return NULL;
    }
    PyObject *obj;
    if (g_nodes[id].is_num) {
        int done;
        obj = c_number((long long)g_nodes[id].ls_num, (int)g_nodes[id].ls_exp, &done);
        if (!done)
            obj = PyObject_CallFunction(cb_number, "Li", (long long)g_nodes[id].ls_num,
                                        (int)g_nodes[id].ls_exp);
    } else if (IS_NUS(id)) { /* cgt.canonical.make_nus(x, k, m) */
        long long k = g_nodes[id].nus_k, m = g_nodes[id].nus_m;
        int32_t xn = make_number(ls_of(id));
        PyObject *xg = xn < 0 ? NULL : n_to_python(xn);
        PyObject *f = xg ? ns_get(s_make_nus) : NULL;
        obj = f ? PyObject_CallFunction(f, "OLL", ISLOT(xg, S_X), k, m) : NULL;
        Py_XDECREF(xg);
    } else {
        int nl = g_nodes[id].nl, nr = g_nodes[id].nr;
        PyObject *left = PyTuple_New(nl), *right = PyTuple_New(nr);
        if (!left || !right) {
            Py_XDECREF(left);
            Py_XDECREF(right);
            return NULL;
        }
        for (int i = 0; i < nl + nr; i++) {
            PyObject *o = n_to_python(g_pool[g_nodes[id].opt + i]);
            if (!o) {
                Py_DECREF(left);
                Py_DECREF(right);
                return NULL;
            }
            if (i < nl)
                PyTuple_SET_ITEM(left, i, o);
            else
                PyTuple_SET_ITEM(right, i - nl, o);
        }
        /* the options that give the stops: the greatest right stop on the left,
         * the least left stop on the right */
        const int32_t *o = g_pool + g_nodes[id].opt;
        int bl = 0, br = 0;
        for (int i = 1; i < nl; i++)
            if (n_dcmp(rs_of(o[i]), rs_of(o[bl])) > 0)
                bl = i;
        for (int i = 1; i < nr; i++)
            if (n_dcmp(ls_of(o[nl + i]), ls_of(o[nl + br])) < 0)
                br = i;
        int done;
        obj = c_form(left, right, bl, br, &done);
        if (!done)
            obj = PyObject_CallFunction(cb_form, "OOii", left, right, bl, br);
        Py_DECREF(left);
        Py_DECREF(right);
    }
    if (!obj)
        return NULL;
    /* the Game converts back to this node without a walk (a solver's value that
     * Python then adds to something, say) */
    long long serial;
    if (ic_game && as_ll(ISLOT(obj, S_ID), &serial) == 0 && serial > 0 &&
        memo_put(&m_games, (uint64_t)serial, id) < 0) {
        Py_DECREF(obj);
        return NULL;
    }
    if (PyErr_Occurred()) { /* (as_ll of a serial cannot fail, but be sure) */
        Py_DECREF(obj);
        return NULL;
    }
    Py_INCREF(obj);
    g_py[id] = obj;
    return obj;
}



/* ------------------------------------------------------------------------ */
/* Games -> nodes                                                             */
/* ------------------------------------------------------------------------ */
/* A Game (canonical, interned) becomes the node of its value: a number or x + k.up + *m
 * by its value, any other game by its options (already canonical: interned as they are).  Each game converts once while the nodes last
 * (m_games, by serial number), and its node keeps it (g_py), so that the node of an
 * operand converts back to the very same object.  A game beyond the engine (a number
 * beyond 64 bits, a nimber or up count above NUS_M_MAX, NUS_K_MAX) raises Fallback and is
 * remembered as such, with every game above it that was being converted. */
static int g_beyond; /* the last Fallback of a conversion is for good (the game's size) */

static int n_beyond(const char *msg)
{
    g_beyond = 1;
    return n_fail(msg);
}

static int n_dyadic_of(PyObject *d, dy *out)
{
    long long num, exp;
    int a = as_ll(*(PyObject **)((char *)d + d_off_num), &num);
    int b = a < 0 ? -1 : as_ll(*(PyObject **)((char *)d + d_off_exp), &exp);
    if (a < 0 || b < 0)
        return -1;
    if (a || b || exp < 0 || exp > EXP_LIMIT || num >= NUM_LIMIT || num <= -NUM_LIMIT)
        return n_beyond("a number too large for the compiled engine");
    out->num = (int64_t)num;
    out->exp = (int32_t)exp;
    return 0;
}

static int32_t n_of_game(PyObject *g);

/* The nodes of the options in a tuple, sorted and unique, into *out (malloc'd when
 * more than `cap`); their number, or -1. */
static int n_of_options(PyObject *t, int32_t *buf, int cap, int32_t **out)
{
    if (!t || !PyTuple_CheckExact(t)) {
        PyErr_SetString(PyExc_TypeError, "cgt: a general game without its options tuple");
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(t);
    if (n > 65535)
        return n_beyond("too many options for the compiled engine");
    int32_t *a = n <= cap ? buf : malloc((size_t)n * sizeof(int32_t));
    if (!a)
        return n_no_memory();
    for (Py_ssize_t i = 0; i < n; i++)
        if ((a[i] = n_of_game(PyTuple_GET_ITEM(t, i))) < 0) {
            if (a != buf)
                free(a);
            return -1;
        }
    *out = a;
    return sort_unique(a, (int)n);
}

static int32_t n_of_game_new(PyObject *g)
{
    PyObject *x = ISLOT(g, S_X);
    dy d;
    if (x != Py_None) {
        if (!x || n_dyadic_of(x, &d) < 0)
            return -1;
        int32_t xn = make_number(d);
        if (xn < 0 || ISLOT(g, S_ISNUM) == Py_True)
            return xn;
        long long k, m;
        int a = as_ll(ISLOT(g, S_K), &k), b = a < 0 ? -1 : as_ll(ISLOT(g, S_M), &m);
        if (a < 0 || b < 0)
            return -1;
        if (a || b || m < 0 || m > NUS_M_MAX || k >= NUS_K_MAX || k <= -NUS_K_MAX)
            return n_beyond("a nimber or up count beyond the compiled engine's limits");
        return make_nus(d, k, m);
    }
    if (descend(0) < 0)
        return -1;
    int32_t lbuf[32], rbuf[32], *L = NULL, *R = NULL, r = -1;
    int nl = n_of_options(ISLOT(g, S_LEFT), lbuf, 32, &L);
    int nr = nl < 0 ? -1 : n_of_options(ISLOT(g, S_RIGHT), rbuf, 32, &R);
    if (nl >= 0 && nr >= 0)
        r = n_intern_general(L, nl, R, nr);
    if (L && L != lbuf)
        free(L);
    if (R && R != rbuf)
        free(R);
    LEAVE();
    return r;
}

/* The node of a Game (inside a call). */
static int32_t n_of_game(PyObject *g)
{
    if (!ic_game) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled engine is not set up");
        return -1;
    }
    long long serial;
    int c = as_ll(ISLOT(g, S_ID), &serial);
    if (c != 0 || serial <= 0) {
        if (c >= 0)
            PyErr_SetString(PyExc_OverflowError, "cgt: a game's serial number out of range");
        return -1;
    }
    int32_t id;
    if (memo_get(&m_games, (uint64_t)serial, &id)) {
        if (id < 0)
            return n_beyond("a game beyond the compiled engine (a number, nimber or up count "
                            "too large)");
        return id;
    }
    g_beyond = 0;
    id = n_of_game_new(g);
    if (id < 0) {
        if (g_beyond && PyErr_ExceptionMatches(Fallback) &&
            memo_put(&m_games, (uint64_t)serial, -1) < 0)
            return -1;
        return -1;
    }
    if (!g_py[id])
        g_py[id] = Py_NewRef(g);
    if (memo_put(&m_games, (uint64_t)serial, id) < 0)
        return -1;
    return id;
}

/* ------------------------------------------------------------------------ */
/* The C API (engine_api.h)                                                   */
/* ------------------------------------------------------------------------ */
static int32_t api_zero(void)
{
    return g_zero;
}

static int32_t api_number(int64_t num, int exp)
{
    dy x;
    if (exp < 0 || dnorm(num, exp, &x) < 0)
        return exp < 0 ? n_fail("a negative exponent") : -1;
    return make_number(x);
}

static int32_t api_star(void)
{
    return n_intern_general(&g_zero, 1, &g_zero, 1);
}

static int api_tick(void)
{
    N_SPEND_WORK();
    if (++g_ticks >= SIGNAL_EVERY) {
        g_ticks = 0;
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
    return 0;
}

static int api_on_reset(void (*hook)(void))
{
    for (int i = 0; i < g_reset_hook_count; i++)
        if (g_reset_hooks[i] == hook)
            return 0;
    if (g_reset_hook_count == MAX_RESET_HOOKS) {
        PyErr_SetString(PyExc_RuntimeError, "too many clients of the compiled engine");
        return -1;
    }
    g_reset_hooks[g_reset_hook_count++] = hook;
    return 0;
}

/* The largest power of two of slots of `slot` bytes that fits in `bytes` (at least 2**12). */
static uint32_t api_slots_within(size_t bytes, size_t slot)
{
    uint64_t n = 1u << 12;
    while (n < (1u << 30) && (n * 2) * slot <= bytes)
        n *= 2;
    return (uint32_t)n;
}

/* The engine's share of the kernels' budget of `total` bytes, in 64ths: nodes
 * 16, compare 12, sum 4 (canonical.c's sum search 4 more, sumsearch.h; the solvers
 * take their shares of the rest); each memo
 * at most `entries` entries too (0: no such bound).  Tables already over their
 * new share go now, or when the running call leaves. */
static void api_set_limit(uint64_t total, uint64_t entries)
{
    size_t unit = (size_t)(total / 64);
    g_node_bytes = 16 * unit;
    m_le.max_cap = api_slots_within(12 * unit, MEMO_SLOT);
    m_add.max_cap = api_slots_within(4 * unit, MEMO_SLOT);
    g_memo_entries = entries;
    if (entries) { /* a table is at most half full */
        uint32_t most =
            api_slots_within((size_t)(entries < (1ull << 40) ? entries : 1ull << 40) * 2, 1);
        if (m_le.max_cap > most)
            m_le.max_cap = most;
        if (m_add.max_cap > most)
            m_add.max_cap = most;
    }
    if (node_bytes() > g_node_bytes || memo_over(&m_le) || memo_over(&m_add) ||
        (entries && (m_le.count > entries || m_add.count > entries)))
        n_clear();
}

static void api_usage(cgt_engine_usage *out)
{
    out->nodes = (Py_ssize_t)(g_count - 1);
    out->node_bytes = (Py_ssize_t)node_bytes();
    out->options = (Py_ssize_t)g_pool_len;
    out->compare = (Py_ssize_t)m_le.count;
    out->compare_bytes = (Py_ssize_t)memo_bytes(&m_le);
    out->sum = (Py_ssize_t)m_add.count;
    out->sum_bytes = (Py_ssize_t)memo_bytes(&m_add);
}

/* A Game's parts, read from its slots for parse.c (engine_api.h: game_parts). */
static int api_game_parts(PyObject *g, PyObject **serial, PyObject **x, PyObject **k,
                          PyObject **m)
{
    if (!ic_game)
        return 0;
    if (!PyObject_TypeCheck(g, ic_game)) {
        PyErr_Format(PyExc_TypeError, "a Game, not %.100s", Py_TYPE(g)->tp_name);
        return -1;
    }
    PyObject *xv = ISLOT(g, S_X);
    *serial = ISLOT(g, S_ID);
    *x = *k = *m = NULL;
    if (xv && xv != Py_None) {
        *x = xv;
        *k = ISLOT(g, S_K);
        *m = ISLOT(g, S_M);
    }
    if (!*serial || (*x && (!*k || !*m))) {
        PyErr_SetString(PyExc_TypeError, "a Game not yet made");
        return -1;
    }
    return 1;
}

static cgt_engine_api the_engine_api = {
    CGT_ENGINE_API_VERSION,
    (int)sizeof(cgt_engine_api),
    NULL, /* fallback: set by engine_init */
    n_enter,
    n_leave,
    api_zero,
    api_number,
    api_star,
    n_canonical_form,
    n_le,
    n_add,
    n_negate,
    n_to_python,
    api_tick,
    n_fail,
    n_clear,
    api_on_reset,
    api_set_limit,
    api_usage,
    api_slots_within,
    api_game_parts,
};

/* setup_engine(number, form, Game, Dyadic, KeyedRef, serial, forms, numbers, nus,
 * forms_remove, numbers_remove, nus_remove, lock): how the engine makes the Games
 * of its nodes (cgt.canonical._bind calls it). */
static PyObject *k_setup_engine(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *number, *form, *rest;
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    if (n != 13) {
        PyErr_SetString(PyExc_TypeError, "setup_engine() takes 13 arguments");
        return NULL;
    }
    number = PyTuple_GET_ITEM(args, 0);
    form = PyTuple_GET_ITEM(args, 1);
    if (!PyCallable_Check(number) || !PyCallable_Check(form)) {
        PyErr_SetString(PyExc_TypeError, "setup_engine() needs two callables first");
        return NULL;
    }
    rest = PyTuple_GetSlice(args, 2, n);
    if (!rest)
        return NULL;
    PyObject *r = setup_intern(rest);
    Py_DECREF(rest);
    if (!r)
        return NULL;
    Py_DECREF(r);
    Py_XSETREF(cb_number, Py_NewRef(number));
    Py_XSETREF(cb_form, Py_NewRef(form));
    Py_RETURN_NONE;
}

/* Make the Fallback exception and the capsule; add both to the module m. */
static int engine_init(PyObject *m)
{
    if (!Fallback) {
        Fallback = PyErr_NewExceptionWithDoc(
            "cgt._kernel_canonical.Fallback",
            "The compiled engine cannot answer (a number too large, a re-entrant call): use "
            "Python.",
            PyExc_ArithmeticError, NULL);
        if (!Fallback)
            return -1;
    }
    the_engine_api.fallback = Fallback;
    if (!g_mutex && !(g_mutex = PyThread_allocate_lock())) {
        PyErr_NoMemory();
        return -1;
    }
    if (PyModule_AddObject(m, "Fallback", Py_NewRef(Fallback)) < 0) {
        Py_DECREF(Fallback);
        return -1;
    }
    PyObject *api = PyCapsule_New(&the_engine_api, CGT_ENGINE_API_CAPSULE, NULL);
    if (api == NULL || PyModule_AddObject(m, "_engine_api", api) < 0) {
        Py_XDECREF(api);
        return -1;
    }
    return 0;
}

#endif
