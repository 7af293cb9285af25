/* clobsearch.h: who wins a big Clobber board, by bigboard.h's alpha-beta.
 *
 * Included by shortgame.c after bigboard.h, whose machinery it shares (the
 * frame's image tables for the table key, the node tick and budget, the
 * history table and the move sort, the rank of an entry by effort) and
 * boards.h, whose engine values of Clobber regions (stone_state) decide a
 * state once its regions are small.  clob_wins(h, w, xs, os, player, budget,
 * max_slots, small): does `player` (0 Left, the x stones; 1 Right, the o
 * stones), moving first, win?
 *
 * - Clobber swaps colours with players, so a state is (the mover's stones,
 *   the opponent's stones): the mover plays Left's part.  A wider than high
 *   board is searched transposed (Clobber keeps its value), so the frame is
 *   at most 8 columns wide.
 *
 * - Regions are the groups of orthogonally connected stones.  One without an
 *   x stone next to an o stone has no moves for either player: it is 0 and
 *   goes.  When every region left has at most `small` stones the state is
 *   decided by values: the engine values them (boards.h's tables keep them
 *   across calls), and the mover wins G exactly when G is not <= 0.  While a
 *   big region remains, small regions whose sum is 0 go too.
 *
 * - A transposition table (table.h's CGT_WINDOW_TABLE, bounded by max_slots,
 *   replacing by effort) keyed on the least image of the pair of stone sets
 *   under the frame's symmetries (4, or 8 on a square frame).
 *
 * - Move ordering: a capture that leaves the opponent without a move wins at
 *   once; the others by the mover's capturing stones less the opponent's after
 *   the move, then by the history of the captures that cut before.
 *
 * One tick of the engine (work budget, Ctrl-C) a node; `budget` nodes at most
 * (0: no bound), beyond which the engine's Fallback is raised.
 */
#ifndef CGT_CLOBSEARCH_H
#define CGT_CLOBSEARCH_H

typedef struct {
    uint64_t x, o; /* the mover's stones, the opponent's: (0, 0) an empty slot */
    uint64_t val;  /* result | rank << 1 */
} cs_entry;

typedef struct {
    uint64_t x, o;
} cs_key;

#define CS_HASH(k) mix64((k).x * 0x9e3779b97f4a7c15ULL ^ mix64((k).o + 0x632be59bd9b4e019ULL))
#define CS_SAME(e, k) ((e)->x == (k).x && (e)->o == (k).o)
#define CS_USED(e) (((e)->x | (e)->o) != 0)
#define CS_ENTRY_KEY(e) ((cs_key){(e)->x, (e)->o})
#define CS_RANK(e) ((uint32_t)((e)->val >> 1))
CGT_WINDOW_TABLE(cs_table, cs_entry, cs_key, 8, CS_HASH, CS_SAME, CS_USED, CS_ENTRY_KEY, CS_RANK)

typedef struct {
    bb_search b; /* the frame, images, history, nodes and budget (its own table unused) */
    cs_table table;
    steps st;
} cs_search;

/* The cells orthogonally next to a cell of v. */
static inline uint64_t cs_around(const grid_frame *f, uint64_t v)
{
    return (((v << 1) & f->not_first) | ((v >> 1) & f->not_last) | shl64(v, f->w) |
            shr64(v, f->w)) &
           f->full;
}

/* The least image of (x, o) under the frame's symmetries. */
static cs_key cs_key_of(const cs_search *s, uint64_t x, uint64_t o)
{
    const bb_search *b = &s->b;
    cs_key best = {x, o};
    for (int t = 0; t < (b->square ? 2 : 1); t++) {
        uint64_t bx = t ? bb_image(b, 4, x) : x, bo = t ? bb_image(b, 4, o) : o;
        for (int i = t ? 0 : 1; i < 4; i++) {
            uint64_t ix = bb_image(b, i, bx);
            if (ix > best.x)
                continue;
            uint64_t io = bb_image(b, i, bo);
            if (ix < best.x || io < best.o) {
                best.x = ix;
                best.o = io;
            }
        }
    }
    return best;
}

/* Drop the dead regions, decide by values when every region is small.
 * Returns 1 when decided (*won set), 0 when the search goes on (*x, *o
 * updated), -1 on error. */
static int cs_reduce(cs_search *s, uint64_t *x_io, uint64_t *o_io, int *won)
{
    const grid_frame *f = &s->b.f;
    uint64_t x = *x_io, o = *o_io, rest = x | o, small = 0, big = 0;
    while (rest) {
        uint64_t comp = grid_component(f, rest & (~rest + 1), rest, 0, 0);
        rest ^= comp;
        if (!(x & comp & cs_around(f, o & comp)))
            continue; /* no capture for either player: 0 */
        if (bb_count(comp) <= s->b.small)
            small |= comp;
        else
            big |= comp;
    }
    if (small) {
        int32_t total = stone_state(K_CLOBBER, f, (stones){x & small, o & small, small});
        if (total < 0)
            return -1;
        if (!big) {
            int t = le(total, g_zero);
            if (t < 0)
                return -1;
            s->b.valued++;
            *won = !t;
            return 1;
        }
        if (total != g_zero)
            big |= small;
    }
    if (!big) {
        *won = 0;
        return 1;
    }
    *x_io = x & big;
    *o_io = o & big;
    return 0;
}

/* The stones of `mine` that can capture one of `theirs`. */
static inline uint64_t cs_capturers(const cs_search *s, uint64_t mine, uint64_t theirs)
{
    return mine & cs_around(&s->b.f, theirs);
}

/* Does the mover (stones x) win against the opponent (stones o)?  1, 0, -1. */
static int cs_win(cs_search *s, uint64_t x, uint64_t o)
{
    if (bb_node(&s->b) < 0)
        return -1;
    int won = 0;
    int r = cs_reduce(s, &x, &o, &won);
    if (r)
        return r < 0 ? -1 : won;
    cs_key key = cs_key_of(s, x, o);
    const cs_entry *hit = cs_table_find(&s->table, key);
    if (hit)
        return (int)(hit->val & 1);
    int64_t before = s->b.nodes;
    bb_move moves[112]; /* a capture a pair of touching x and o: 112 pairs on 8 x 8 at most */
    int n = 0, result = 0;
    for (int k = 0; k < 4; k++) {
        int d = s->st.d[k];
        for (uint64_t src = x & shift(o & s->st.m[k], -d); src; src &= src - 1) {
            uint64_t a = src & (~src + 1), t = shift(a, d);
            uint64_t nx = (x ^ a) | t, no = o ^ t;
            if (!cs_capturers(s, no, nx)) { /* the opponent has no move left */
                result = 1;
                goto done;
            }
            int score = bb_count(cs_capturers(s, nx, no)) - bb_count(cs_capturers(s, no, nx));
            moves[n].move = (uint64_t)ctz64(a) | (uint64_t)k << 8;
            moves[n].score = score * (1 << 20) + bb_history(&s->b, 0, ctz64(t));
            n++;
        }
    }
    bb_sort_moves(moves, n);
    for (int i = 0; i < n; i++) {
        int k = (int)(moves[i].move >> 8);
        uint64_t a = (uint64_t)1 << (moves[i].move & 0xff), t = shift(a, s->st.d[k]);
        int sub = cs_win(s, o ^ t, (x ^ a) | t);
        if (sub < 0)
            return -1;
        if (!sub) {
            result = 1;
            bb_credit(&s->b, 0, ctz64(t));
            break;
        }
    }
done:;
    uint64_t rank = bb_rank(s->b.nodes - before);
    cs_table_put(&s->table, key, (cs_entry){key.x, key.o, (uint64_t)result | rank << 1});
    return result;
}

/* Does `player` moving first win the h x w Clobber board (x stones xs, o
 * stones os)?  1, 0, or -1 with an error set. */
static int clob_wins(int h, int w, uint64_t xs, uint64_t os, int player, int64_t budget,
                     uint64_t max_slots, int small, int64_t *nodes, int64_t *valued)
{
    if (w > h) { /* the transpose has the same value and a narrower frame */
        xs = bb_transpose(h, w, xs);
        os = bb_transpose(h, w, os);
        int tmp = h;
        h = w;
        w = tmp;
    }
    cs_search *s = calloc(1, sizeof(cs_search));
    if (!s)
        return no_memory();
    int r = bb_setup(&s->b, h, w, 16, budget, small);
    if (r >= 0) {
        make_steps(&s->b.f, &s->st);
        s->table.max_cap = max_slots;
        r = cs_table_reset(&s->table, max_slots < (1u << 12) ? max_slots : (1u << 12));
    }
    if (r >= 0)
        r = player ? cs_win(s, os, xs) : cs_win(s, xs, os);
    *nodes = s->b.nodes;
    *valued = s->b.valued;
    cs_table_free(&s->table);
    bb_teardown(&s->b);
    free(s);
    return r;
}

static PyObject *py_clob_wins(PyObject *self, PyObject *args)
{
    (void)self;
    int h, w, player, small = 10;
    unsigned long long xs, os, max_slots = 1u << 22;
    long long budget = 0;
    if (!PyArg_ParseTuple(args, "iiKKi|LKi", &h, &w, &xs, &os, &player, &budget, &max_slots,
                          &small))
        return NULL;
    if (bb_check_board(h, w, xs | os) < 0)
        return NULL;
    if (xs & os) {
        PyErr_SetString(PyExc_ValueError, "x and o on one cell");
        return NULL;
    }
    if (bb_check_limits(player, budget, max_slots, small) < 0)
        return NULL;
    if (enter() < 0)
        return NULL;
    int64_t nodes = 0, valued = 0;
    int r = clob_wins(h, w, (uint64_t)xs, (uint64_t)os, player, budget, max_slots, small, &nodes,
                      &valued);
    leave();
    if (r < 0)
        return NULL;
    return Py_BuildValue("OLL", r ? Py_True : Py_False, (long long)nodes, (long long)valued);
}

#endif /* CGT_CLOBSEARCH_H */
