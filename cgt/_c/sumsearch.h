/* sumsearch.h: who wins a sum of canonical values, by search on the node engine.
 *
 * Included by canonical.c after engine.h (this is the engine's own kernel, so the
 * search calls the engine's functions directly).  The compiled twin of the
 * value-only part of cgt.play's outcome search (_Search.wins/bounds/search): a
 * position is a multiset of engine nodes, the canonical values of the parts of a
 * sum, with the player to move first; ss_call(ids, n, right, limit) says whether
 * that player wins.
 *
 * - Kept simplified, as _Search.simplify and _with keep it: the numbers, ups and
 *   nimbers (the engine's nus nodes) added into one, which goes when it is 0; a
 *   value and its negative cancel; held sorted by node id (the table's key).
 *
 * - Decided without moves where the Python search decides so: one or two values by
 *   the sign of their sum (the engine adds them); otherwise from the stops, since
 *   RS(G) + RS(H) <= RS(G + H) and LS(G + H) <= LS(G) + LS(H), and the sum's left
 *   stop is at least the right stops' sum plus the widest part's width (its right
 *   stop at most the left stops' sum less it): a left stop above 0 wins for Left
 *   moving first, one below 0 loses, and so on; and when every part is all-small,
 *   by the two-ahead rule on their atomic weights (a sum of weight >= 2 is > 0),
 *   computed here as cgt.atomic computes them (far star, eccentric integers).  The
 *   Python search also bounds by means and temperatures, which the engine does not
 *   have: here those positions are searched instead (the same answers).
 *
 * - Moves: the hottest part first, by the width of its stops (LS - RS; wider
 *   first, ties by the later node first), one copy of each distinct value; in it
 *   the options best for the mover by their stops first (Left: the greatest right
 *   stop); the number (the nus part when it is a number) last, and not at all when
 *   the rest is a single value that is not a number (number avoidance).  cgt.play
 *   gives a sum of hot values a cap of positions (its _HOT_NODES) and then plays
 *   its moves in Python, where means and temperatures bound each option.
 *
 * - A transposition table (table.h's CGT_TABLE) of (sorted node ids, player) ->
 *   result, the ids in an arena beside it, kept across calls: a result is a fact
 *   about values.  Both are bounded by this search's share of the memory budget
 *   (ss_set_limit: 4/64 of the kernels' share, half of it for the per-node records
 *   below) and by the cache limit (entries), and emptied together when full.  Per node it keeps all-smallness, the far-star
 *   index and the atomic weight (an array indexed by node id).  Everything is keyed
 *   on node ids, so it goes with the nodes (the engine's on_reset hook).
 *
 * - Only finished results are stored, so a search stopped part way (Ctrl-C, checked
 *   every SIGNAL_EVERY new positions and by the engine's descend(); the work budget,
 *   one unit a new position; the depth guard; `limit` new positions, after which
 *   the call answers SS_SLICE) leaves the tables right, and the next call resumes:
 *   the positions it settled are in the table.  A number or nimber beyond the
 *   engine raises its Fallback: the caller searches in Python.
 */
#ifndef CGT_SUMSEARCH_H
#define CGT_SUMSEARCH_H

#include <math.h>

#define SS_SLICE (-2) /* `limit` new positions searched, no answer yet */

/* ------------------------------------------------------------------------ */
/* Per node: all-small, far star, atomic weight                               */
/* ------------------------------------------------------------------------ */
typedef struct {
    int32_t aw;   /* the node of the atomic weight (all-small nodes); 0: not known */
    uint16_t far; /* the far-star index (at most NUS_M_MAX + 1); 0: not known */
    int8_t small; /* 1 all-small, -1 not, 0 not known */
} ss_node;        /* (8 bytes a node, beside the engine's own) */

static ss_node *ss_info;
static int32_t ss_info_cap;

/* The record of node id (grown to the engine's node capacity; NULL: no memory). */
static ss_node *ss_at(int32_t id)
{
    if (id >= ss_info_cap) {
        int32_t cap = g_cap > id ? g_cap : id + 1;
        ss_node *info = realloc(ss_info, (size_t)cap * sizeof(ss_node));
        if (!info) {
            PyErr_NoMemory();
            return NULL;
        }
        memset(info + ss_info_cap, 0, (size_t)(cap - ss_info_cap) * sizeof(ss_node));
        ss_info = info;
        ss_info_cap = cap;
    }
    return &ss_info[id];
}

/* Is the value of node g all-small (every position with a move for one player
 * has a move for the other: 0, k.up + *m, and forms of such options)?  1, 0, -1. */
static int ss_small(int32_t g)
{
    if (IS_NUS(g))
        return g_nodes[g].ls_num == 0;
    ss_node *s = ss_at(g);
    if (!s)
        return -1;
    if (s->small)
        return s->small > 0;
    if (descend(0) < 0)
        return -1;
    int r = 1, total = g_nodes[g].nl + g_nodes[g].nr; /* (a general node has both sides) */
    for (int i = 0; i < total && r == 1; i++)
        r = ss_small(g_pool[g_nodes[g].opt + i]);
    LEAVE();
    if (r < 0 || !(s = ss_at(g)))
        return -1;
    s->small = r ? 1 : -1;
    return r;
}

/* One more than every nimber *m in g's form, at least 1 (cgt.atomic.far_star); -1. */
static int32_t ss_far(int32_t g)
{
    node *n = &g_nodes[g];
    if (IS_NUS(g) && n->ls_num == 0 && n->nus_k == 0)
        return (int32_t)n->nus_m + 1; /* the nimber *m (0 included) */
    ss_node *s = ss_at(g);
    if (!s)
        return -1;
    if (s->far)
        return s->far;
    if (descend(0) < 0)
        return -1;
    int32_t r = ensure_options(g) < 0 ? -1 : 1;
    for (int i = 0; r > 0 && i < g_nodes[g].nl + g_nodes[g].nr; i++) {
        int32_t f = ss_far(g_pool[g_nodes[g].opt + i]);
        r = f < 0 ? -1 : f > r ? f : r;
    }
    LEAVE();
    if (r < 0 || !(s = ss_at(g)))
        return -1;
    if (r <= 0xFFFF)
        s->far = (uint16_t)r;
    return r;
}

/* floor(x) and ceil(x) of a dyadic (|num| < 2**61, any exp) */
static int64_t ss_floor(dy x)
{
    if (x.exp == 0)
        return x.num;
    if (x.exp >= 62)
        return x.num < 0 ? -1 : 0;
    int64_t d = (int64_t)1 << x.exp;
    return x.num >= 0 ? x.num / d : -((-x.num + d - 1) / d);
}

static int64_t ss_ceil(dy x)
{
    dy m = {-x.num, x.exp};
    return -ss_floor(m);
}

static int32_t ss_integer(int64_t n)
{
    dy x;
    return dnorm(n, 0, &x) < 0 ? -1 : make_number(x);
}

/* The atomic weight of an all-small node g (cgt.atomic's naive weight, which is the
 * weight for all-small games): k for k.up + *m; else G0 = {aw(G^L) - 2 | aw(G^R) + 2},
 * and when G0 is an integer, G against the far star decides (the eccentric case). */
static int32_t ss_aw(int32_t g)
{
    if (IS_NUS(g))
        return ss_integer(g_nodes[g].nus_k);
    ss_node *s = ss_at(g);
    if (!s)
        return -1;
    if (s->aw)
        return s->aw;
    if (descend(0) < 0)
        return -1;
    int nl = g_nodes[g].nl, nr = g_nodes[g].nr;
    int32_t buf[64], *w = nl + nr <= 64 ? buf : malloc((size_t)(nl + nr) * sizeof(int32_t));
    int32_t r = w ? 0 : n_no_memory();
    int32_t two = r < 0 ? -1 : ss_integer(2), minus_two = two < 0 ? -1 : ss_integer(-2);
    if (minus_two < 0)
        r = -1;
    for (int i = 0; r >= 0 && i < nl + nr; i++) {
        int32_t a = ss_aw(g_pool[g_nodes[g].opt + i]);
        r = a < 0 ? -1 : (w[i] = n_add(a, i < nl ? minus_two : two));
    }
    int32_t g0 = r < 0 ? -1 : n_canonical_form(w, nl, w + nl, nr);
    r = g0;
    if (g0 > 0 && g_nodes[g0].is_num && g_nodes[g0].ls_exp == 0) { /* eccentric */
        int32_t far = ss_far(g);
        dy z = {0, 0};
        int32_t fs = far < 0 ? -1 : make_nus(z, 0, far);
        int le = fs < 0 ? -1 : n_le(g, fs), ge = le < 0 ? -1 : n_le(fs, g);
        if (ge < 0) {
            r = -1;
        } else if (le != ge) { /* G < *N: from the left weights; G > *N: the right ones */
            int from = le ? 0 : nl, to = le ? nl : nl + nr;
            int64_t best = 0;
            for (int i = from; r > 0 && i < to; i++) {
                int64_t n = le ? ss_ceil(rs_of(w[i])) : ss_floor(ls_of(w[i]));
                int32_t num = ss_integer(n);
                int t = num < 0 ? -1 : le ? n_le(num, w[i]) : n_le(w[i], num);
                if (t < 0)
                    r = -1;
                n += t ? (le ? 1 : -1) : 0;
                if (i == from || (le ? n > best : n < best))
                    best = n;
            }
            if (r > 0)
                r = ss_integer(best); /* (no options on that side: 0) */
        }
    }
    if (w != buf)
        free(w);
    LEAVE();
    if (r < 0 || !(s = ss_at(g)))
        return -1;
    s->aw = r;
    return r;
}

/* ------------------------------------------------------------------------ */
/* The transposition table: (sorted ids, player) -> result                    */
/* ------------------------------------------------------------------------ */
typedef struct {
    uint64_t hash; /* of the ids and the player, never 0 (0: an empty slot) */
    uint32_t off;  /* the ids in ss_arena */
    uint16_t n;
    uint8_t right; /* the player to move first: 1 Right */
    uint8_t wins;
} ss_entry;

typedef struct {
    uint64_t hash;
    const int32_t *ids;
    uint32_t off;
    int n, right;
} ss_key;

#define SS_HASH(k) ((k).hash)
#define SS_SAME(e, k)                                                                          \
    ((e)->hash == (k).hash && (e)->n == (k).n && (e)->right == (k).right &&                    \
     ((k).n == 0 || !memcmp(ss_arena + (e)->off, (k).ids, (size_t)(k).n * sizeof(int32_t))))
#define SS_USED(e) ((e)->hash != 0)
#define SS_SET(e, k)                                                                           \
    ((e)->hash = (k).hash, (e)->off = (k).off, (e)->n = (uint16_t)(k).n,                       \
     (e)->right = (uint8_t)(k).right)
#define SS_ENTRY_HASH(e) ((e)->hash)
static int32_t *ss_arena;
static size_t ss_arena_len, ss_arena_cap, ss_arena_max = (size_t)1 << 20; /* in ids */
CGT_TABLE(ss_tab, ss_entry, ss_key, 1u << 10, SS_HASH, SS_SAME, SS_USED, SS_SET, SS_ENTRY_HASH)
static ss_tab ss_table = {NULL, 0, 0, 1u << 16, 0};

/* Forget every stored result (the node records stay). */
static void ss_forget(void)
{
    ss_tab_clear(&ss_table);
    ss_arena_len = 0;
}

/* The on_reset hook: everything here goes with the nodes. */
static void ss_reset(void)
{
    ss_tab_free(&ss_table);
    free(ss_arena);
    ss_arena = NULL;
    ss_arena_len = ss_arena_cap = 0;
    free(ss_info);
    ss_info = NULL;
    ss_info_cap = 0;
}

static uint64_t ss_hash(const int32_t *v, int n, int right)
{
    uint64_t h = 0x5bd1e9955bd1e995ULL + (uint64_t)right;
    for (int i = 0; i < n; i++)
        h = mix64(h + (uint64_t)(uint32_t)v[i]);
    return h | 1;
}

static int ss_store(const int32_t *v, int n, int right, uint64_t h, int wins)
{
    if (n > 65535 || (size_t)n > ss_arena_max)
        return 0; /* (not kept) */
    int full = ss_table.slot && (ss_table.count + 1) * 2 > ss_table.mask + 1 &&
               ss_table.mask + 1 >= ss_table.max_cap;
    if (full || ss_arena_len + (size_t)n > ss_arena_max ||
        (g_memo_entries && ss_table.count >= g_memo_entries))
        ss_forget(); /* full: emptied whole, table and arena together */
    if (ss_arena_len + (size_t)n > ss_arena_cap) {
        size_t cap = ss_arena_cap ? ss_arena_cap : 1 << 12;
        while (cap < ss_arena_len + (size_t)n)
            cap *= 2;
        if (cap > ss_arena_max)
            cap = ss_arena_max;
        int32_t *a = realloc(ss_arena, cap * sizeof(int32_t));
        if (!a)
            return n_no_memory();
        ss_arena = a;
        ss_arena_cap = cap;
    }
    ss_key k = {h, v, (uint32_t)ss_arena_len, n, right};
    uint32_t before = ss_table.count;
    ss_entry *e = ss_tab_insert(&ss_table, k);
    if (!e)
        return -1;
    if (ss_table.count != before) { /* a new entry: its ids go in the arena */
        if (n)
            memcpy(ss_arena + ss_arena_len, v, (size_t)n * sizeof(int32_t));
        ss_arena_len += (size_t)n;
    }
    e->wins = (uint8_t)wins;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The search                                                                 */
/* ------------------------------------------------------------------------ */
static int64_t ss_left;  /* new positions this call may still search (-1: no bound) */
static int64_t ss_spent; /* new positions this call searched */

/* The sign of a dyadic */
static inline int ss_sign(dy x)
{
    return (x.num > 0) - (x.num < 0);
}

/* Decided without a move: 1 the mover wins, 0 loses, 2 not decided; -1 error. */
static int ss_bounds(const int32_t *v, int n, int right)
{
    if (n <= 2) { /* the sum itself */
        int32_t total = n == 0 ? g_zero : n == 1 ? v[0] : n_add(v[0], v[1]);
        if (total < 0)
            return -1;
        int t = right ? n_le(g_zero, total) : n_le(total, g_zero);
        return t < 0 ? -1 : !t;
    }
    dy ls = {0, 0}, rs = {0, 0}, width = {0, 0};
    int small = 1;
    for (int i = 0; i < n; i++) {
        dy a = ls_of(v[i]), b = rs_of(v[i]), w;
        b.num = -b.num;
        if (dadd(ls, a, &ls) < 0 || dadd(rs, rs_of(v[i]), &rs) < 0 || dadd(a, b, &w) < 0) {
            if (!PyErr_ExceptionMatches(Fallback))
                return -1;
            PyErr_Clear(); /* beyond 64 bits: no bounds */
            return 2;
        }
        if (n_dcmp(w, width) > 0)
            width = w;
        if (small) {
            int t = ss_small(v[i]);
            if (t < 0)
                return -1;
            small = t;
        }
    }
    dy low, high, mw = {-width.num, width.exp};
    if (dadd(rs, width, &low) < 0 || dadd(ls, mw, &high) < 0) {
        if (!PyErr_ExceptionMatches(Fallback))
            return -1;
        PyErr_Clear();
        return 2;
    }
    /* RS(S) >= rs, LS(S) <= ls, LS(S) >= low, RS(S) <= high */
    if (!right) {
        if (ss_sign(ls) < 0)
            return 0;
        if (ss_sign(rs) > 0 || ss_sign(low) > 0)
            return 1;
    } else {
        if (ss_sign(rs) > 0)
            return 0;
        if (ss_sign(ls) < 0 || ss_sign(high) < 0)
            return 1;
    }
    if (small) { /* all-small: the two-ahead rule */
        int32_t weight = g_zero;
        for (int i = 0; i < n && weight > 0; i++) {
            int32_t a = ss_aw(v[i]);
            weight = a < 0 ? -1 : n_add(weight, a);
        }
        int32_t two = weight < 0 ? -1 : ss_integer(2), minus_two = two < 0 ? -1 : ss_integer(-2);
        if (minus_two < 0)
            return -1;
        int t = n_le(two, weight);
        if (t)
            return t < 0 ? -1 : !right;
        t = n_le(weight, minus_two);
        if (t)
            return t < 0 ? -1 : right;
    }
    return 2;
}

/* v without its i-th value, with o added, simplified, sorted, into out; its length
 * or -1.  (v is simplified and sorted.) */
static int ss_child(const int32_t *v, int n, int i, int32_t o, int32_t *out)
{
    int m = 0;
    for (int j = 0; j < n; j++)
        if (j != i)
            out[m++] = v[j];
    if (IS_NUS(o)) { /* joins the one nus value */
        for (int j = 0; j < m; j++)
            if (IS_NUS(out[j])) {
                o = n_add(out[j], o);
                if (o < 0)
                    return -1;
                memmove(out + j, out + j + 1, (size_t)(m - j - 1) * sizeof(int32_t));
                m--;
                break;
            }
        if (o == g_zero)
            return m;
    } else {
        int32_t neg = n_negate(o);
        if (neg < 0)
            return -1;
        for (int j = 0; j < m; j++)
            if (out[j] == neg) { /* G + -G = 0 */
                memmove(out + j, out + j + 1, (size_t)(m - j - 1) * sizeof(int32_t));
                return m - 1;
            }
    }
    int j = m;
    while (j > 0 && out[j - 1] > o) {
        out[j] = out[j - 1];
        j--;
    }
    out[j] = o;
    return m + 1;
}

static int ss_wins(const int32_t *v, int n, int right);

/* How good the option o is for the mover (right: Right) by its stop: larger better. */
static inline double ss_option_key(int32_t o, int right)
{
    return right ? -ldexp((double)g_nodes[o].ls_num, -g_nodes[o].ls_exp)
                 : ldexp((double)g_nodes[o].rs_num, -g_nodes[o].rs_exp);
}

/* Try each move, hottest part first; 1 a move wins, 0 none does, -1, SS_SLICE. */
/* A part to move in: its place in the sum and its key (the width of its stops). */
typedef struct {
    double key;
    int32_t id;
    int at;
} ss_part;

/* wider first, then the later node */
static int ss_part_cmp(const void *a, const void *b)
{
    const ss_part *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? 1 : -1;
    return (x->id < y->id) - (x->id > y->id);
}

static int ss_search(const int32_t *v, int n, int right)
{
    int32_t cbuf[32];
    ss_part pbuf[32];
    int32_t *child = n <= 32 ? cbuf : malloc((size_t)n * sizeof(int32_t));
    ss_part *part = n <= 32 ? pbuf : malloc((size_t)n * sizeof(ss_part));
    if (!child || !part) {
        if (child != cbuf)
            free(child);
        if (part != pbuf)
            free(part);
        return n_no_memory();
    }
    /* the distinct parts that are not numbers (a move in one copy of a value is a move
     * in any), by stop width (wider first, then the later node) */
    int movable = 0, copies = 0, number = -1;
    for (int i = 0; i < n; i++) {
        if (g_nodes[v[i]].is_num) {
            number = i;
            continue;
        }
        copies++;
        if (i > 0 && v[i] == v[i - 1])
            continue; /* (v is sorted) */
        ss_part p = {ldexp((double)g_nodes[v[i]].ls_num, -g_nodes[v[i]].ls_exp) -
                         ldexp((double)g_nodes[v[i]].rs_num, -g_nodes[v[i]].rs_exp),
                     v[i], i};
        int j = movable++;
        if (n > 32) {
            part[j] = p;
            continue;
        }
        while (j > 0 && ss_part_cmp(&part[j - 1], &p) > 0) {
            part[j] = part[j - 1];
            j--;
        }
        part[j] = p;
    }
    if (n > 32)
        qsort(part, (size_t)movable, sizeof(ss_part), ss_part_cmp);
    if (number >= 0 && copies != 1) { /* number avoidance: not beside one non-number */
        ss_part p = {0, v[number], number};
        part[movable++] = p;
    }
    int r = 0;
    for (int a = 0; a < movable && r == 0; a++) {
        int i = part[a].at;
        int32_t g = v[i];
        if (ensure_options(g) < 0) {
            r = -1;
            break;
        }
        int count = right ? g_nodes[g].nr : g_nodes[g].nl;
        int32_t obuf[16], *opts = count <= 16 ? obuf : malloc((size_t)count * sizeof(int32_t));
        double kb[16], *ok = count <= 16 ? kb : malloc((size_t)count * sizeof(double));
        if (!opts || !ok) {
            if (opts != obuf)
                free(opts);
            if (ok != kb)
                free(ok);
            r = n_no_memory();
            break;
        }
        /* the options best for the mover by their stops first (Left: the greatest right
         * stop, which is G's left stop; Right: the least left stop) */
        for (int b = 0; b < count; b++) {
            int32_t o = g_pool[g_nodes[g].opt + (right ? g_nodes[g].nl : 0) + b];
            double k = ss_option_key(o, right);
            int j = b;
            while (j > 0 && ok[j - 1] < k) {
                opts[j] = opts[j - 1];
                ok[j] = ok[j - 1];
                j--;
            }
            opts[j] = o;
            ok[j] = k;
        }
        for (int b = 0; b < count && r == 0; b++) {
            int m = ss_child(v, n, i, opts[b], child);
            int t = m < 0 ? -1 : ss_wins(child, m, !right);
            r = t < 0 ? t : !t;
        }
        if (opts != obuf)
            free(opts);
        if (ok != kb)
            free(ok);
    }
    if (child != cbuf)
        free(child);
    if (part != pbuf)
        free(part);
    return r;
}

/* Does the player (right: Right) moving first win the sum of v (simplified, sorted)?
 * 1, 0, -1 (an error set), SS_SLICE. */
static int ss_wins(const int32_t *v, int n, int right)
{
    uint64_t h = ss_hash(v, n, right);
    ss_key k = {h, v, 0, n, right};
    const ss_entry *e = ss_tab_find(&ss_table, k);
    if (e)
        return e->wins;
    if (ss_left == 0)
        return SS_SLICE;
    if (ss_left > 0)
        ss_left--;
    ss_spent++;
    N_SPEND_WORK();
    if (++g_ticks >= SIGNAL_EVERY) {
        g_ticks = 0;
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
    if (descend(0) < 0)
        return -1;
    int r = ss_bounds(v, n, right);
    if (r == 2)
        r = ss_search(v, n, right);
    LEAVE();
    if (r >= 0 && ss_store(v, n, right, h, r) < 0)
        return -1;
    return r;
}

/* The search of a sum of the nodes ids (any order; simplified here, in place), the
 * player `right` moving first, at most `limit` new positions (< 0: no bound).
 * Inside enter/leave.  1, 0, SS_SLICE; -1 with an error set. */
static int ss_call(int32_t *ids, int n, int right, int64_t limit)
{
    ss_left = limit < 0 ? -1 : limit;
    ss_spent = 0;
    /* simplify: the nus values into one, a value and its negative cancel */
    int32_t nus = 0;
    int m = 0;
    for (int i = 0; i < n; i++) {
        int32_t g = ids[i];
        if (IS_NUS(g)) {
            nus = nus ? n_add(nus, g) : g;
            if (nus < 0)
                return -1;
            continue;
        }
        int32_t neg = n_negate(g);
        if (neg < 0)
            return -1;
        int j = 0;
        while (j < m && ids[j] != neg)
            j++;
        if (j < m)
            ids[j] = ids[--m];
        else
            ids[m++] = g;
    }
    if (nus && nus != g_zero)
        ids[m++] = nus;
    if (m < 16) { /* sorted, repeats kept (a multiset) */
        for (int i = 1; i < m; i++) {
            int32_t g = ids[i];
            int j = i;
            while (j > 0 && ids[j - 1] > g) {
                ids[j] = ids[j - 1];
                j--;
            }
            ids[j] = g;
        }
    } else {
        qsort(ids, (size_t)m, sizeof(int32_t), cmp_id);
    }
    return ss_wins(ids, m, right);
}

/* The bytes of the tables here, and their entries. */
static size_t ss_bytes(void)
{
    return ss_tab_bytes(&ss_table) + ss_arena_cap * sizeof(int32_t) +
           (size_t)ss_info_cap * sizeof(ss_node);
}

/* This search's share of the kernels' budget: `bytes`, half for the per-node records
 * (8 bytes a node, at most about a seventh of the engine's node bytes, which are a
 * quarter of the budget: so within it), a quarter each for the table and the arena of
 * ids; and at most `entries` results (0: no such bound). */
static void ss_set_limit(size_t bytes, uint64_t entries)
{
    ss_table.max_cap = api_slots_within(bytes / 4, sizeof(ss_entry));
    ss_arena_max = bytes / 4 / sizeof(int32_t);
    if (ss_arena_max < 4096)
        ss_arena_max = 4096;
    /* (ss_store keeps the count within the engine's g_memo_entries) */
    if (ss_tab_over(&ss_table) || ss_arena_cap > ss_arena_max ||
        (entries && ss_table.count > entries))
        n_clear(); /* now, or when the running call leaves (with the nodes: ss_reset) */
}

/* Register the reset hook (at the kernel's import); 0, or -1 with an error set. */
static int ss_init(void)
{
    return api_on_reset(ss_reset);
}

#endif
