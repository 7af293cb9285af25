/* strips.h: compiled strips (Toads and Frogs, Elephants and Rhinos, Push, Shove) on at
 * most 64 squares, on the node engine (included by shortgame.c, after its engine helpers).
 *
 * A strip is two bit sets, Left's pieces and Right's pieces (bit i: square i,
 * counted from the left end), and its length; the other squares are empty.
 * The rules are those the Python classes state (cgt/games/strip.py's _Strip,
 * cgt/games/elephants_and_rhinos.py, cgt/games/pushing.py), in three small
 * functions with plain signatures, so that a search can take them as one more
 * ruleset: strip_options (one player's moves), strip_split (the independent
 * segments, as _Strip._segments / _Pushing.components give them) and strip_key
 * (a segment's key, up to the symmetry that negates the value).
 *
 * Values as Domineering's: a segment's value is memoised under its key in
 * t_strips (bounded: at its cap it forgets its less recently used half, see
 * strip_evict; emptied with the engine's nodes); its options are split
 * into segments whose values are added by the engine, and the canonical form
 * taken.  A value is stored only once complete (Ctrl-C leaves the table
 * consistent); each new segment ticks the work budget and polls signals; a
 * game deeper than MAX_DEPTH, or a number beyond 64 bits, raises Fallback and
 * the Python rules answer.  strip_wins, the outcome search, shares the table
 * (outcome() takes it through the strip classes' big_board_outcome).
 */
#ifndef CGT_STRIPS_H
#define CGT_STRIPS_H

enum { S_TOADS, S_ELEPHANTS, S_PUSH, S_SHOVE, S_KINDS };

typedef struct {
    uint64_t l, r; /* Left's pieces, Right's pieces (disjoint, below bit n) */
    int n;         /* squares, 0..64 */
} strip;

static inline uint64_t strip_mask(int n)
{
    return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

static inline int strip_top(uint64_t x) /* the highest set bit of x != 0 */
{
    return 63 - __builtin_clzll(x);
}

/* The moves of `player` (0 Left, 1 Right) into out[] (room for 64); their number.
 * Toads and Frogs, Elephants and Rhinos: Left's pieces step right into an empty
 * square, Right's left (in Toads and Frogs a piece may instead jump one piece of
 * the other side into the empty square beyond).  Push, Shove: a piece moves one
 * square left, with the pieces to its left (Shove: all of them; Push: the run
 * up to the nearest empty square, which it fills); square 0's content falls off. */
static int strip_options(int kind, const strip *s, int player, strip *out)
{
    uint64_t full = strip_mask(s->n), empty = full & ~(s->l | s->r);
    uint64_t mine = player ? s->r : s->l, theirs = player ? s->l : s->r;
    int count = 0;
    if (kind == S_TOADS || kind == S_ELEPHANTS) {
        for (uint64_t p = mine; p; p &= p - 1) {
            int i = ctz64(p), j = player ? i - 1 : i + 1, step = player ? -1 : 1, target;
            if (j < 0 || j >= s->n)
                continue;
            if ((empty >> j) & 1) {
                target = j;
            } else if (kind == S_TOADS && ((theirs >> j) & 1) && j + step >= 0 &&
                       j + step < s->n && ((empty >> (j + step)) & 1)) {
                target = j + step;
            } else {
                continue;
            }
            uint64_t moved = (mine & ~((uint64_t)1 << i)) | ((uint64_t)1 << target);
            out[count].l = player ? s->l : moved;
            out[count].r = player ? moved : s->r;
            out[count].n = s->n;
            count++;
        }
        return count;
    }
    for (uint64_t p = mine; p; p &= p - 1) {
        int i = ctz64(p), g = 0;
        if (kind == S_PUSH) {
            uint64_t below = empty & (((uint64_t)1 << i) - 1);
            g = below ? strip_top(below) : 0;
        }
        /* squares g..i move one left; square g's content (empty, or off the end) goes */
        uint64_t m = ((((uint64_t)2 << i) - 1)) & ~(((uint64_t)1 << g) - 1);
        uint64_t keep = ~m, move = m & ~((uint64_t)1 << g);
        out[count].l = (s->l & keep) | ((s->l & move) >> 1);
        out[count].r = (s->r & keep) | ((s->r & move) >> 1);
        out[count].n = s->n;
        count++;
    }
    return count;
}

/* The pieces that can never move (_Strip.dead): the largest set D of pieces each
 * blocked by the edge or by D, found by removing from all pieces, until none is
 * left to remove, those with a free step (the square is on the strip and not in
 * D) or (Toads and Frogs) a free jump over a piece of D of the other side. */
static uint64_t strip_dead(int kind, const strip *s)
{
    uint64_t full = strip_mask(s->n), dead = s->l | s->r;
    for (;;) {
        uint64_t live_sq = full & ~dead;
        uint64_t free = (s->l & (live_sq >> 1)) | (s->r & (live_sq << 1));
        if (kind == S_TOADS)
            free |= (s->l & ((s->r & dead) >> 1) & (live_sq >> 2)) |
                    (s->r & ((s->l & dead) << 1) & (live_sq << 2));
        if (!(dead & free))
            return dead;
        dead &= ~free;
    }
}

/* squares a..a+len-1 of s as a strip of its own */
static inline strip strip_cut(const strip *s, int a, int len)
{
    uint64_t m = strip_mask(len);
    strip t = {(s->l >> a) & m, (s->r >> a) & m, len};
    return t;
}

/* Trim a part's ends no piece ever uses (_trim), and keep it if a piece is left. */
static int strip_keep(int kind, strip t, strip *segs, int count)
{
    uint64_t pieces = t.l | t.r;
    if (!pieces)
        return count;
    int first = ctz64(pieces), last = strip_top(pieces), lo = 0, hi = t.n;
    if (kind == S_ELEPHANTS) { /* no passing: before a leading e, after a trailing r */
        if ((t.l >> first) & 1)
            lo = first;
        if ((t.r >> last) & 1)
            hi = last + 1;
    } else { /* only Right's pieces reach the squares before the first piece, ... */
        if (!t.r)
            lo = first;
        if (!t.l)
            hi = last + 1;
    }
    segs[count++] = strip_cut(&t, lo, hi - lo);
    return count;
}

/* The independent segments of s into segs[] (room for 64); their number.
 * Toads and Frogs, Elephants and Rhinos: cut at the dead pieces, and in
 * Elephants and Rhinos also between a rhino and the next elephant (the squares
 * between are nobody's), ends trimmed, parts without pieces dropped.  Push,
 * Shove: the strip without its empty squares after the last piece. */
static int strip_split(int kind, const strip *s, strip *segs)
{
    if (kind == S_PUSH || kind == S_SHOVE) {
        uint64_t pieces = s->l | s->r;
        if (!pieces)
            return 0;
        segs[0] = strip_cut(s, 0, strip_top(pieces) + 1);
        return 1;
    }
    uint64_t live = strip_mask(s->n) & ~strip_dead(kind, s);
    int count = 0;
    while (live) {
        int a = ctz64(live);
        uint64_t run = ~(live >> a);
        int len = run ? ctz64(run) : 64 - a;
        live &= ~(strip_mask(len) << a);
        strip part = strip_cut(s, a, len);
        if (kind == S_ELEPHANTS) {
            /* between a rhino and the next elephant: rhino at i, elephant at j > i */
            int start = 0, last_r = -1;
            for (uint64_t p = part.l | part.r; p; p &= p - 1) {
                int i = ctz64(p);
                if (((part.l >> i) & 1) && last_r >= 0) {
                    count = strip_keep(kind, strip_cut(&part, start, last_r + 1 - start), segs,
                                       count);
                    start = i;
                }
                last_r = ((part.r >> i) & 1) ? i : -1;
            }
            count = strip_keep(kind, strip_cut(&part, start, part.n - start), segs, count);
        } else {
            count = strip_keep(kind, part, segs, count);
        }
    }
    return count;
}

static inline uint64_t strip_reverse(uint64_t x, int n)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = __builtin_bswap64(x);
    return n ? x >> (64 - n) : 0;
}

/* A segment's key: it or its image under the symmetry that negates the value
 * (the mirror image, sides swapped, in Toads and Frogs and Elephants and
 * Rhinos; the sides swapped alone in Push and Shove, whose pieces all move
 * left), whichever is less; *neg tells whether the key is the image. */
static void strip_key(int kind, const strip *s, strip *key, int *neg)
{
    strip m;
    if (kind == S_PUSH || kind == S_SHOVE) {
        m.l = s->r;
        m.r = s->l;
    } else {
        m.l = strip_reverse(s->r, s->n);
        m.r = strip_reverse(s->l, s->n);
    }
    m.n = s->n;
    *neg = m.l < s->l || (m.l == s->l && m.r < s->r);
    *key = *neg ? m : *s;
}

/* (kind, n, left, right) -> value */
typedef struct {
    uint64_t l, r;
    int32_t val;
    uint16_t tag;  /* ((kind + 1) << 8) | n; 0: an empty slot */
    uint16_t rank; /* the effort behind the value: floor(log2(its tree cost)), see strip_evict */
} striptab_entry;

typedef struct {
    uint64_t l, r;
    uint16_t tag;
} striptab_key;

static inline uint32_t strip_hash(uint64_t l, uint64_t r, uint16_t tag)
{
    return (uint32_t)mix64(l * 0x9e3779b97f4a7c15ULL + mix64(r + tag));
}

#define STRIP_HASH(k) strip_hash((k).l, (k).r, (k).tag)
#define STRIP_SAME(e, k) ((e)->tag == (k).tag && (e)->l == (k).l && (e)->r == (k).r)
#define STRIP_USED(e) ((e)->tag != 0)
#define STRIP_SET(e, k) ((e)->l = (k).l, (e)->r = (k).r, (e)->tag = (k).tag)
#define STRIP_ENTRY_HASH(e) strip_hash((e)->l, (e)->r, (e)->tag)
CGT_TABLE(striptab, striptab_entry, striptab_key, 1u << 12, STRIP_HASH, STRIP_SAME, STRIP_USED, STRIP_SET,
          STRIP_ENTRY_HASH)
CGT_TABLE_VALUES(striptab, striptab_entry, striptab_key, int32_t)

static striptab t_strips = {NULL, 0, 0, 1u << 20};
static uint64_t g_strip_cost; /* the tree cost of the segments valued since it was reset */

static inline void strip_charge(uint64_t cost)
{
    g_strip_cost = g_strip_cost + cost < cost ? UINT64_MAX : g_strip_cost + cost;
}

static uint64_t g_strip_clock;  /* entries stored so far */
static uint64_t g_strip_stores; /* entries stored since the call began, and after the first */
static int g_strip_evicted;     /* forgetting (strip_evict) in this call */

/* How many times over a call may fill its table (at its cap) before it gives up. */
enum { STRIP_REFILLS = 16 };

/* The table at its cap was refilled STRIP_REFILLS times over in this call: the strip needs
 * far more room than the memory budget gives it (forgotten values found again and again
 * would take ever longer).  Raise cgt.errors.TooLarge, saying so; returns -1. */
static int strip_out_of_room(void)
{
    PyObject *errors = PyImport_ImportModule("cgt.errors");
    PyObject *too_large = errors ? PyObject_GetAttrString(errors, "TooLarge") : NULL;
    Py_XDECREF(errors);
    if (!too_large)
        return -1;
    PyErr_Format(too_large,
                 "this strip needs more room than the compiled strips' table has (%u entries, "
                 "its share of cgt.memory_limit() and cgt.cache_limit()): it was refilled %d "
                 "times over; raise cgt.set_memory_limit (and cgt.set_cache_limit)",
                 (unsigned)(t_strips.max_cap / 2), (int)STRIP_REFILLS);
    Py_DECREF(too_large);
    return -1;
}

/* The time of the strips' table: its entries stored, in ticks of 2^shift with a table of
 * 2^(13 + shift) slots (a table of 8192 slots or fewer ticks at every store). */
static inline uint16_t strip_now(void)
{
    uint32_t size = t_strips.mask + 1;
    int shift = size > (1u << 13) ? 31 - __builtin_clz(size) - 13 : 0;
    return (uint16_t)(g_strip_clock >> shift);
}

/* The class of an entry last used at `stamp`: 63 the youngest (age under 128 ticks), down
 * to 0 (8064 ticks or older, four times the stores between two evictions). */
static inline int strip_youth(uint16_t stamp)
{
    uint16_t age = (uint16_t)(strip_now() - stamp);
    return 63 - (age >> 7 < 63 ? age >> 7 : 63);
}

/* Room for one more entry in a table at its cap: the cheaper part of it forgotten.
 *
 * table.h's tables at their cap are emptied whole, fine for a cache whose
 * entries cost alike; not here: a strip that needs more entries than the cap
 * allows emptied the table deep inside its recursion, every value above had
 * to be found again, with the table emptied again meanwhile, and so on
 * (ttttttt....fffffff never finished under the default budget).  So an
 * entry's rank is the logarithm of its tree cost: the segments a search
 * without any table would value to find it again (1 + its options'
 * segments' tree costs, a segment found in the table counted as 2^rank);
 * the entries below the least rank that leaves at most half of them go, so a
 * forgotten value costs at most about 2^rank segments to find again however
 * much else is forgotten, and the expensive ones (near the top of the
 * recursion) stay.  The survivors are moved to where a lookup finds them:
 * visiting the slots from an empty one on, each entry is taken out and put
 * back from its home slot, which puts it at its old slot or before it, never
 * past an empty one. */
static void strip_evict(striptab *t)
{
    uint32_t size = t->mask + 1, hist[64] = {0};
    for (uint32_t i = 0; i < size; i++)
        if (t->slot[i].tag)
            hist[strip_youth(t->slot[i].rank)]++;
    uint32_t keep = 0;
    int cut = 64;
    while (cut > 0 && keep + hist[cut - 1] <= t->count / 2)
        keep += hist[--cut];
    for (uint32_t i = 0; i < size; i++) {
        striptab_entry *e = &t->slot[i];
        if (e->tag && strip_youth(e->rank) < cut) {
            memset(e, 0, sizeof *e);
            t->count--;
        }
    }
    uint32_t start = 0;
    while (t->slot[start].tag) /* (there is an empty slot: the table was at most half full) */
        start++;
    for (uint32_t k = 1; k <= size; k++) {
        striptab_entry *e = &t->slot[(start + k) & t->mask], moved = *e;
        if (!moved.tag)
            continue;
        memset(e, 0, sizeof *e);
        uint32_t j = STRIP_ENTRY_HASH(&moved) & t->mask;
        while (t->slot[j].tag)
            j = (j + 1) & t->mask;
        t->slot[j] = moved;
    }
}

/* Store key -> v of tree cost `cost` (>= 1); 0, or -1 with MemoryError set. */
static int strip_store(striptab_key k, int32_t v, uint64_t cost)
{
    striptab *t = &t_strips;
    if (t->slot && (t->count + 1) * 2 > t->mask + 1 && t->mask + 1 >= t->max_cap) {
        if (!g_strip_evicted) {
            g_strip_evicted = 1;
            g_strip_stores = 0;
        } else if (g_strip_stores > (uint64_t)STRIP_REFILLS * (t->max_cap / 2)) {
            return strip_out_of_room();
        }
        strip_evict(t);
    }
    striptab_entry *e = striptab_insert(t, k);
    if (!e)
        return -1;
    g_strip_clock++;
    g_strip_stores++;
    e->val = v;
    (void)cost;
    e->rank = strip_now();
    return 0;
}

static int32_t strip_segment(int kind, const strip *seg);

/* The value of a strip: the sum of its segments' values. */
static int32_t strip_sum(int kind, const strip *s)
{
    strip segs[64];
    int count = strip_split(kind, s, segs);
    int32_t total = g_zero;
    for (int i = 0; i < count && total >= 0; i++) {
        int32_t v = strip_segment(kind, &segs[i]);
        total = v < 0 ? -1 : i ? add(total, v) : v;
    }
    return total;
}

/* squares a piece of `pieces` moves in all before they are packed at the right end */
static int strip_room(uint64_t pieces, int n)
{
    int room = 0, k = popcount64(pieces);
    for (uint64_t p = pieces; p; p &= p - 1)
        room -= ctz64(p);
    return room + k * n - k * (k + 1) / 2; /* the targets: n - k .. n - 1 */
}

/* The value of one segment (as strip_split gives it), memoised under its key. */
static int32_t strip_segment(int kind, const strip *seg)
{
    if ((kind == S_TOADS || kind == S_ELEPHANTS) && (!seg->l || !seg->r)) {
        /* one side's pieces only: each move takes a piece one square towards its end
         * (nobody jumps a piece of its own side), so every play lasts as many moves
         * as the pieces have squares to go: an integer */
        strip_charge(1);
        if (seg->l)
            return number(strip_room(seg->l, seg->n), 0);
        return number(-strip_room(strip_reverse(seg->r, seg->n), seg->n), 0);
    }
    strip s;
    int neg;
    strip_key(kind, seg, &s, &neg);
    striptab_key k = {s.l, s.r, (uint16_t)(((kind + 1) << 8) | s.n)};
    int32_t v;
    const striptab_entry *found = striptab_find(&t_strips, k);
    if (found) {
        v = found->val;
        ((striptab_entry *)found)->rank = strip_now();
    } else {
        if (poll_signals() < 0)
            return -1;
        if (++g_depth > MAX_DEPTH) {
            g_depth--;
            return fail("the compiled engine went too deep");
        }
        int32_t opts[2 * 64];
        int nopt[2] = {0, 0};
        strip moves[64];
        uint64_t outer = g_strip_cost;
        g_strip_cost = 1;
        v = 0;
        for (int player = 0; player < 2 && v >= 0; player++) {
            int count = strip_options(kind, &s, player, moves);
            for (int i = 0; i < count && v >= 0; i++)
                v = opts[64 * player + nopt[player]++] = strip_sum(kind, &moves[i]);
        }
        g_depth--;
        if (v >= 0)
            v = canonical_form(opts, nopt[0], opts + 64, nopt[1]);
        uint64_t cost = g_strip_cost;
        g_strip_cost = outer;
        strip_charge(cost);
        if (v < 0 || strip_store(k, v, cost) < 0)
            return -1;
    }
    return neg ? negate(v) : v;
}

/* The outcome search: who wins a strip moving first, without its value where that is dear.
 *
 * A strip that is one live segment of more than g_strip_search_cells squares,
 * with pieces of both sides, is searched move by move (a win is a move to a
 * position the other side, moving first, loses), its result memoised under
 * the segment's key and the mover (flipped with the key's symmetry, which
 * swaps the sides) in t_strips, beside the values (the tag's top bit tells
 * them apart, bit 14 is the mover).  Anything else (a strip split into
 * several segments, small ones, one side's pieces alone) is decided by its
 * value, found as strip_sum finds it: Left moving first wins unless the value
 * is <= 0, Right unless it is >= 0. */
static int g_strip_search_cells = 10;

static int strip_wins(int kind, const strip *s, int player)
{
    strip segs[64];
    int count = strip_split(kind, s, segs);
    if (count == 1 && segs[0].n > g_strip_search_cells && segs[0].l && segs[0].r) {
        strip key;
        int neg;
        strip_key(kind, &segs[0], &key, &neg);
        int p = neg ? 1 - player : player;
        striptab_key k = {key.l, key.r, (uint16_t)(0x8000 | (p << 14) | ((kind + 1) << 8) | key.n)};
        striptab_entry *found = striptab_find(&t_strips, k);
        if (found) {
            found->rank = strip_now();
            return found->val;
        }
        if (poll_signals() < 0)
            return -1;
        if (++g_depth > MAX_DEPTH) {
            g_depth--;
            return fail("the compiled engine went too deep");
        }
        strip moves[64];
        int n = strip_options(kind, &key, p, moves), win = 0;
        for (int i = 0; i < n && !win; i++) {
            int w = strip_wins(kind, &moves[i], 1 - p);
            if (w < 0) {
                g_depth--;
                return -1;
            }
            win = !w;
        }
        g_depth--;
        if (strip_store(k, win, 1) < 0)
            return -1;
        return win;
    }
    int32_t v = strip_sum(kind, s);
    if (v < 0)
        return -1;
    int r = player ? le(g_zero, v) : le(v, g_zero);
    return r < 0 ? -1 : !r;
}

/* Table management, called from shortgame.c's. */
static void striptabs_free(void)
{
    striptab_free(&t_strips);
}

static int striptabs_over(void)
{
    return striptab_over(&t_strips);
}

/* the table's cap: within `bytes`, and at most `entries` entries (0: no such bound) */
static void striptabs_limit(size_t bytes, uint64_t entries)
{
    t_strips.max_cap = E->slots_within(bytes, sizeof(striptab_entry));
    if (entries) { /* (a table is at most half full) */
        uint32_t most = E->slots_within((size_t)(entries < (1ull << 40) ? entries : 1ull << 40) * 2, 1);
        if (t_strips.max_cap > most)
            t_strips.max_cap = most;
    }
}

/* Adds the table's entries (with bytes: (entries, bytes)) to the dict `out` of the
 * kernel's info() or usage(); returns out, or NULL (out released) on an error. */
static PyObject *strips_usage(PyObject *out, int with_bytes)
{
    if (!out)
        return NULL;
    PyObject *v = with_bytes ? Py_BuildValue("(In)", t_strips.count,
                                             (Py_ssize_t)striptab_bytes(&t_strips))
                             : PyLong_FromUnsignedLong(t_strips.count);
    if (!v || PyDict_SetItemString(out, "strips", v) < 0)
        Py_CLEAR(out);
    Py_XDECREF(v);
    return out;
}

static int enter(void); /* (shortgame.c's, below) */
static void leave(void);

/* Python: strip(kind, n, left, right) -> Game, and the segments' keys for the tests. */
static int parse_strip(PyObject *args, int *kind, strip *s)
{
    unsigned long long l, r;
    if (!PyArg_ParseTuple(args, "iiKK", kind, &s->n, &l, &r))
        return -1;
    if (*kind < 0 || *kind >= S_KINDS) {
        PyErr_Format(PyExc_ValueError,
                     "unknown ruleset number %d (0 Toads and Frogs, 1 Elephants and Rhinos, "
                     "2 Push, 3 Shove)",
                     *kind);
        return -1;
    }
    if (s->n < 0 || s->n > 64) {
        PyErr_SetString(PyExc_ValueError, "a strip of at most 64 squares");
        return -1;
    }
    s->l = (uint64_t)l;
    s->r = (uint64_t)r;
    if (((s->l | s->r) & ~strip_mask(s->n)) || (s->l & s->r)) {
        PyErr_SetString(PyExc_ValueError, "pieces must be on squares of the strip, one a square");
        return -1;
    }
    return 0;
}

static PyObject *py_strip(PyObject *self, PyObject *args)
{
    (void)self;
    int kind;
    strip s;
    if (parse_strip(args, &kind, &s) < 0 || enter() < 0)
        return NULL;
    g_strip_evicted = 0;
    int32_t v = strip_sum(kind, &s);
    PyObject *out = v < 0 ? NULL : E->to_python(v);
    leave();
    return out;
}

static PyObject *py_strip_segments(PyObject *self, PyObject *args)
{
    (void)self;
    int kind;
    strip s, segs[64];
    if (parse_strip(args, &kind, &s) < 0)
        return NULL;
    int count = strip_split(kind, &s, segs);
    PyObject *out = PyTuple_New(count);
    for (int i = 0; out && i < count; i++) {
        strip key;
        int neg;
        strip_key(kind, &segs[i], &key, &neg);
        PyObject *item = Py_BuildValue("(iKK)(iKKO)", segs[i].n, (unsigned long long)segs[i].l,
                                       (unsigned long long)segs[i].r, key.n,
                                       (unsigned long long)key.l, (unsigned long long)key.r,
                                       neg ? Py_True : Py_False);
        if (!item)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, i, item);
    }
    return out;
}

/* Python: strip_wins(kind, n, left, right, player, cells=10) -> bool */
static PyObject *py_strip_wins(PyObject *self, PyObject *args)
{
    (void)self;
    int kind, player, cells = 10;
    unsigned long long l, r;
    strip s;
    if (!PyArg_ParseTuple(args, "iiKKi|i", &kind, &s.n, &l, &r, &player, &cells))
        return NULL;
    PyObject *rest = Py_BuildValue("(iiKK)", kind, s.n, l, r);
    if (!rest)
        return NULL;
    int bad = parse_strip(rest, &kind, &s);
    Py_DECREF(rest);
    if (bad < 0)
        return NULL;
    if (player != 0 && player != 1) {
        PyErr_SetString(PyExc_ValueError, "the player moving first is 0 (Left) or 1 (Right)");
        return NULL;
    }
    if (enter() < 0)
        return NULL;
    g_strip_search_cells = cells < 0 ? 0 : cells;
    g_strip_evicted = 0;
    int win = strip_wins(kind, &s, player);
    leave();
    return win < 0 ? NULL : PyBool_FromLong(win);
}

#define STRIPS_METHODS                                                                             \
    {"strip", py_strip, METH_VARARGS,                                                              \
     "strip(kind, n, left, right) -> Game: the value of a strip of n <= 64 squares (kind 0 "     \
     "Toads and Frogs, 1 Elephants and Rhinos, 2 Push, 3 Shove; bit i of left, right: Left's, "   \
     "Right's piece on square i)."},                                                               \
        {"strip_segments", py_strip_segments, METH_VARARGS,                                        \
         "strip_segments(kind, n, left, right) -> tuple of ((n, left, right), (n, left, right, "   \
         "negated)): the independent segments of a strip and their keys (strips.h)."},            \
        {"strip_wins", py_strip_wins, METH_VARARGS,                                                \
         "strip_wins(kind, n, left, right, player, cells=10) -> bool: does player (0 Left, 1 "     \
         "Right), moving first, win the strip?  Lone segments of more than cells squares are "     \
         "searched move by move, the rest valued (strips.h)."},

#endif /* CGT_STRIPS_H */
