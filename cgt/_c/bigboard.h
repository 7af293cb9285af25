/* bigboard.h: who wins a big Domineering board, by alpha-beta with CGT knowledge.
 *
 * Included by shortgame.c (after the Domineering solver, whose dom_component
 * and normal_form it uses) for the kernel's dom_wins(h, w, bits, player,
 * budget, max_slots, small): does `player` (0 Left, who places vertical
 * dominoes; 1 Right, horizontal), moving first on the board, win?  Values
 * (shortgame.c's dom_component) are exact but grow with the board; a win/loss
 * search needs only one bit a position, and settles boards whose values are
 * out of reach (6x6 and larger).  The ideas are those of the dedicated
 * Domineering solvers (Breuker, Uiterwijk and van den Herik's, 2000; Bullock's
 * Obsequi, 2002), written anew here:
 *
 * - A negamax search of win/loss (the first winning move cuts) over 64-bit
 *   boards in a frame of at most 8 columns (a wider board is searched
 *   transposed with the players swapped, the colour swap of Domineering).
 *
 * - A state is (empty cells, k, player): k is an integer, the value of the
 *   components already known to be integers (a component where only one
 *   player can move is worth that player's largest number of disjoint moves
 *   there, counted exactly per column or row; a small component whose engine
 *   value is an integer, or 0, joins k too).  A move in k (k -> k - 1 for
 *   Left when k > 0, k -> k + 1 for Right when k < 0) is tried last.  Cells
 *   no domino can cover are dropped.
 *
 * - Decomposition: when every component left is small (at most `small` cells,
 *   or `small` + 8 for one at most two cells wide, whose values stay cheap:
 *   2 x 32 takes 2.5 CPU s instead of 16) the state is decided by values: the engine values each component
 *   (dom_component, cached in its table across calls), adds them and k, and
 *   compares the sum with 0 (Left moving first wins G exactly when G is not
 *   <= 0).
 *
 * - The static bounds (sound; tests/test_kernel_bigboard.py checks them by
 *   brute force on every board of up to 12 cells with k in -2..2): a cell is
 *   safe for Left when neither horizontal neighbour is empty; no later move
 *   makes it unsafe and Right can never cover it.  S_L is the largest number
 *   of disjoint vertical dominoes on Left's safe cells (plus k when k > 0):
 *   Left can always make that many moves whatever Right does.  V_L is the
 *   largest number of disjoint vertical dominoes on her other cells: one
 *   horizontal domino destroys at most two of them, so answering Right with
 *   them first she makes at least V_L // 3 moves there before using a safe
 *   one.  M_R is the largest number of disjoint horizontal dominoes on the
 *   empty cells (plus -k when k < 0): Right can never make more moves than
 *   that.  So with Right to move, S_L + V_L // 3 >= M_R means Left wins (she
 *   has an answer to each of Right's moves); with Left to move,
 *   S_L + (V_L - 1) // 3 >= M_R (one of V_L first; S_L - 1 >= M_R without
 *   them) means Left wins, and S_R + V_R // 3 >= M_L that she loses.  The
 *   same with the players swapped.  The counts are exact maxima per column
 *   (per row): a run of n cells holds n // 2 dominoes.  A move after which the
 *   bounds say the opponent loses is taken without searching further.
 *
 * - A transposition table (table.h's CGT_WINDOW_TABLE, bounded by max_slots,
 *   replacing by effort) keyed on the least of the board's images under the
 *   symmetries that keep the player (mirrors, the half turn) and, on a square
 *   frame, with Right to move stored as the transposed board with Left to move
 *   and -k (the colour swap).
 *
 * - Move ordering (Obsequi's idea: keep your own moves, take away the
 *   opponent's): each move is scored by the mover's placements it leaves
 *   minus the opponent's, with twice the weight on safe placements, moves into
 *   one's own safe cells last (they can wait), then by a history table of the
 *   moves that cut before.
 *
 * Its cost: one tick of the engine (work budget, Ctrl-C) a node, about half a
 * microsecond a node in all; `budget` nodes at most (0: no bound), beyond
 * which it raises the engine's Fallback so the caller answers another way.  The table lives for one call only; the
 * engine's tables keep the small components' values (complete values only, so
 * an interrupted search leaves them consistent).
 *
 * Larger boards (9x9 and more) need two words a board (128-bit sets): the
 * geometry (shifts, masks, the greedy counts) carries over word by word, the
 * table's key grows to 16 bytes.  Other keyed rulesets could share the
 * search skeleton (the table, the ordering by history, the integer k and the
 * decision by values of small components); the safe-move bounds are
 * Domineering's (Cram's impartial twin would use Grundy values instead).
 */
#ifndef CGT_BIGBOARD_H
#define CGT_BIGBOARD_H

/* ---- the table: (board, k, player) -> win/loss ---------------------------- */
typedef struct {
    uint64_t bits;
    uint32_t meta;  /* 1 | player << 1 | (k + 512) << 2; 0: an empty slot */
    uint32_t val;   /* result | rank << 1 */
} bb_entry;

typedef struct {
    uint64_t bits;
    uint32_t meta;
} bb_key;

#define BB_HASH(key) mix64((key).bits * 0x9e3779b97f4a7c15ULL + (key).meta)
#define BB_SAME(e, key) ((e)->bits == (key).bits && (e)->meta == (key).meta)
#define BB_USED(e) ((e)->meta != 0)
#define BB_ENTRY_KEY(e) ((bb_key){(e)->bits, (e)->meta})
#define BB_RANK(e) ((e)->val >> 1)
CGT_WINDOW_TABLE(bb_table, bb_entry, bb_key, 8, BB_HASH, BB_SAME, BB_USED, BB_ENTRY_KEY, BB_RANK)

#define BB_KMAX 500 /* |k| at most (a board holds at most 32 dominoes) */

typedef struct {
    grid_frame f;
    int h, w, square;
    uint64_t col0;  /* the first column's cells */
    uint64_t row_mask;
    /* images: img[((i * h + r) << w) | x] = image i of row r holding the pattern x (w <= 8) */
    uint64_t *img;
    int nimg;
    bb_table table;
    uint32_t history[2][64];
    int64_t nodes, budget;
    int small;
    int64_t valued; /* states decided by values */
    int32_t ints[17]; /* the engine's nodes of -8 .. 8 */
} bb_search;

/* bits.h's popcount64 loops over the bits; the counts here are of whole boards
 * (and __builtin_popcountll is a library call without -mpopcnt) */
static inline int bb_count(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The largest number of disjoint dominoes on the cells of c along columns
 * (vertical, Left's) or rows (horizontal, Right's): a run of n cells holds
 * n // 2, that is n less the cells at even distance from the run's start,
 * found for all runs at once, two cells a step. */
static inline int bb_column_dominoes(const bb_search *s, uint64_t c)
{
    int w = s->w;
    uint64_t t = c & ~shl64(c, w), even = t; /* the runs' first cells */
    while (t) {
        t = shl64(shl64(t, w) & c, w) & c;
        even |= t;
    }
    return bb_count(c) - bb_count(even);
}

static inline int bb_row_dominoes(const bb_search *s, uint64_t c)
{
    uint64_t nf = s->f.not_first;
    uint64_t t = c & ~((c << 1) & nf), even = t;
    while (t) {
        t = ((((t << 1) & nf & c) << 1) & nf) & c;
        even |= t;
    }
    return bb_count(c) - bb_count(even);
}

static inline uint64_t bb_vertical(const bb_search *s, uint64_t e)
{
    return e & shr64(e, s->w);
}

static inline uint64_t bb_horizontal(const bb_search *s, uint64_t e)
{
    return e & (e >> 1) & s->f.not_last;
}

/* Cells with no empty horizontal (vertical) neighbour: safe for Left (Right). */
static inline uint64_t bb_safe_left(const bb_search *s, uint64_t e)
{
    uint64_t nb = ((e >> 1) & s->f.not_last) | ((e << 1) & s->f.not_first);
    return e & ~nb;
}

static inline uint64_t bb_safe_right(const bb_search *s, uint64_t e)
{
    uint64_t nb = shr64(e, s->w) | shl64(e, s->w);
    return e & ~nb;
}

/* The cells some domino may still cover. */
static inline uint64_t bb_live(const bb_search *s, uint64_t e)
{
    uint64_t v = bb_vertical(s, e), h = bb_horizontal(s, e);
    return v | shl64(v, s->w) | h | (h << 1);
}

static uint64_t bb_image(const bb_search *s, int i, uint64_t e)
{
    uint64_t out = 0;
    for (int r = 0; r < s->h; r++)
        out |= s->img[((size_t)(i * s->h + r) << s->w) | ((e >> (r * s->w)) & s->row_mask)];
    return out;
}

/* The table key of a state: the least image keeping the player; on a square
 * frame a Right-to-move state as its transpose with Left to move. */
static bb_key bb_key_of(const bb_search *s, uint64_t e, int k, int player)
{
    if (s->square && player) {
        e = bb_image(s, 4, e);
        k = -k;
        player = 0;
    }
    uint64_t best = e;
    for (int i = 1; i < 4; i++) {
        uint64_t x = bb_image(s, i, e);
        if (x < best)
            best = x;
    }
    return (bb_key){best, 1u | (uint32_t)player << 1 | (uint32_t)(k + 512) << 2};
}

/* The image tables of the frame (shared by every ruleset's search):
 * img[((i * h + r) << w) | x] is image i (0 itself, 1 the left-right mirror,
 * 2 the up-down mirror, 3 the half turn, 4 on a square frame the transpose)
 * of row r holding the pattern x (w <= 8). */
static int bb_make_images(bb_search *s)
{
    int h = s->h, w = s->w;
    s->img = calloc((size_t)s->nimg * (size_t)h << w, sizeof(uint64_t));
    if (!s->img)
        return no_memory();
    for (int r = 0; r < h; r++)
        for (int x = 0; x < (1 << w); x++)
            for (int c = 0; c < w; c++) {
                if (!((x >> c) & 1))
                    continue;
                int rr = h - 1 - r, cc = w - 1 - c;
#define BB_IMG(i) s->img[((size_t)((i) * h + r) << w) | (size_t)x]
                BB_IMG(0) |= (uint64_t)1 << (r * w + c);
                BB_IMG(1) |= (uint64_t)1 << (r * w + cc);
                BB_IMG(2) |= (uint64_t)1 << (rr * w + c);
                BB_IMG(3) |= (uint64_t)1 << (rr * w + cc);
                if (s->square)
                    BB_IMG(4) |= (uint64_t)1 << (c * w + r);
#undef BB_IMG
            }
    return 0;
}

/* One node of a search: a tick of the engine (work budget, Ctrl-C) and the
 * node budget.  0, or -1 with an error set. */
static inline int bb_node(bb_search *s)
{
    if (E->tick() < 0)
        return -1;
    if (s->budget && ++s->nodes > s->budget)
        return fail("the big-board search went over its budget");
    if (!s->budget)
        s->nodes++;
    return 0;
}

/* The rank (0..7) of a table entry: the effort, in nodes, behind it. */
static inline uint32_t bb_rank(int64_t effort)
{
    uint32_t rank = 0;
    while (rank < 7 && effort >= ((int64_t)1 << (3 * rank + 3)))
        rank++;
    return rank;
}

typedef struct {
    uint64_t move;
    int32_t score;
} bb_move;

/* Best first (an insertion sort: n is small). */
static inline void bb_sort_moves(bb_move *moves, int n)
{
    for (int i = 1; i < n; i++) {
        bb_move m = moves[i];
        int j = i;
        for (; j > 0 && moves[j - 1].score < m.score; j--)
            moves[j] = moves[j - 1];
        moves[j] = m;
    }
}

/* A move from `cell` cut for `player`: credit it in the history table. */
static inline void bb_credit(bb_search *s, int player, int cell)
{
    uint32_t *hp = &s->history[player][cell];
    *hp += 1;
    if (*hp > (1u << 30))
        for (int p = 0; p < 2; p++)
            for (int c = 0; c < 64; c++)
                s->history[p][c] >>= 1;
}

/* The history score of a move from `cell`, capped below the rulesets' own scores. */
static inline int32_t bb_history(const bb_search *s, int player, int cell)
{
    uint32_t hist = s->history[player][cell];
    return (int32_t)(hist > (1u << 19) ? (1u << 19) : hist);
}

static int bb_setup(bb_search *s, int h, int w, uint64_t max_slots, int64_t budget, int small)
{
    memset(s, 0, sizeof(*s));
    grid_make_frame(&s->f, h, w);
    s->h = h;
    s->w = w;
    s->square = h == w;
    s->row_mask = ((uint64_t)1 << w) - 1;
    s->budget = budget;
    s->small = small;
    s->nimg = s->square ? 5 : 4;
    if (bb_make_images(s) < 0)
        return -1;
    uint64_t first = 1u << 12;
    s->table.max_cap = max_slots;
    if (first > max_slots)
        first = max_slots;
    return bb_table_reset(&s->table, first);
}

static void bb_teardown(bb_search *s)
{
    bb_table_free(&s->table);
    free(s->img);
    s->img = NULL;
}

/* Value the component `comp` of the frame with the engine: its node, or -1. */
static int32_t bb_value(const bb_search *s, uint64_t comp)
{
    int nh, nw, flip;
    uint64_t key;
    normal_form(&s->f, comp, &nh, &nw, &key, &flip);
    int32_t v = dom_component(nh, nw, key);
    if (v >= 0 && flip)
        v = negate(v);
    return v;
}

/* A region at most two cells wide (its values stay cheap for longer). */
static inline int bb_thin(const bb_search *s, uint64_t comp)
{
    grid_box b;
    grid_box_of(s->w, comp, &b);
    return b.h <= 2 || b.w <= 2;
}

/* Fold what values tell of e: components where one player alone moves join k,
 * small components are valued.  Returns 1 when the state is decided (*won
 * set), 0 when the search must go on (with *e and *k updated), -1 on error. */
static int bb_reduce(bb_search *s, uint64_t *e_io, int *k_io, int player, int *won)
{
    uint64_t e = *e_io;
    int k = *k_io;
    uint64_t small_cells = 0, big = 0;
    int nsmall = 0;
    uint64_t rest = e;
    while (rest) {
        uint64_t comp = grid_component(&s->f, rest & (~rest + 1), rest, 0, 0);
        rest ^= comp;
        uint64_t v = bb_vertical(s, comp), hz = bb_horizontal(s, comp);
        if (!hz) {
            k += bb_column_dominoes(s, comp);
            e &= ~comp;
        } else if (!v) {
            k -= bb_row_dominoes(s, comp);
            e &= ~comp;
        } else if (bb_count(comp) <= s->small ||
                   (bb_count(comp) <= s->small + 8 && bb_thin(s, comp))) {
            small_cells |= comp;
            nsmall++;
        } else {
            big |= comp;
        }
    }
    if (nsmall && s->small) {
        int32_t total = g_zero;
        uint64_t r2 = small_cells;
        while (r2) {
            uint64_t comp = grid_component(&s->f, r2 & (~r2 + 1), r2, 0, 0);
            r2 ^= comp;
            int32_t v = bb_value(s, comp);
            if (v < 0 || (total = add(total, v)) < 0)
                return -1;
        }
        if (!big) {
            int32_t n = k >= -8 && k <= 8 ? s->ints[k + 8] : number(k, 0);
            if (n < 0 || (total = add(total, n)) < 0)
                return -1;
            int t = player ? le(g_zero, total) : le(total, g_zero);
            if (t < 0)
                return -1;
            s->valued++;
            *won = !t;
            return 1;
        }
        /* an integer (0 included) joins k; anything else stays on the board */
        for (int n = -8; n <= 8; n++) {
            if (s->ints[n + 8] == total) {
                k += n;
                e &= ~small_cells;
                break;
            }
        }
    }
    if (k > BB_KMAX || k < -BB_KMAX)
        return fail("the big-board search's integer is out of range");
    *e_io = e;
    *k_io = k;
    if (!e) {
        *won = player ? k < 0 : k > 0;
        return 1;
    }
    return 0;
}

static int bb_win(bb_search *s, uint64_t e, int k, int player);

/* The safe-move bounds: 1 (the mover wins), 0 (loses), -1 (undecided). */
static int bb_bounds(const bb_search *s, uint64_t e, int k, int player)
{
    uint64_t sl = bb_safe_left(s, e), sr = bb_safe_right(s, e);
    uint64_t ul = e & ~sl, ur = e & ~sr; /* the cells the opponent may still cover */
    int max_l = bb_column_dominoes(s, e) + (k > 0 ? k : 0);
    int max_r = bb_row_dominoes(s, e) + (k < 0 ? -k : 0);
    /* sure[p][first]: replies p is sure of, moving second (first = 0) or first (1) */
    int safe_l = bb_column_dominoes(s, sl) + (k > 0 ? k : 0);
    int safe_r = bb_row_dominoes(s, sr) + (k < 0 ? -k : 0);
    int vul_l = bb_column_dominoes(s, ul);
    int vul_r = bb_row_dominoes(s, ur);
    if (!player) {
        if (!max_l || safe_r + vul_r / 3 >= max_l)
            return 0;
        if (vul_l ? safe_l + (vul_l - 1) / 3 >= max_r : safe_l - 1 >= max_r)
            return 1;
    } else {
        if (!max_r || safe_l + vul_l / 3 >= max_r)
            return 0;
        if (vul_r ? safe_r + (vul_r - 1) / 3 >= max_l : safe_r - 1 >= max_l)
            return 1;
    }
    return -1;
}

static int bb_win(bb_search *s, uint64_t e, int k, int player)
{
    if (bb_node(s) < 0)
        return -1;
    e = bb_live(s, e);
    int won = 0;
    int r = bb_reduce(s, &e, &k, player, &won);
    if (r)
        return r < 0 ? -1 : won;
    r = bb_bounds(s, e, k, player);
    if (r >= 0)
        return r;
    bb_key key = bb_key_of(s, e, k, player);
    const bb_entry *hit = bb_table_find(&s->table, key);
    if (hit)
        return (int)(hit->val & 1);
    int64_t before = s->nodes;

    int w = s->w;
    bb_move moves[64];
    int n = 0, result = 0;
    uint64_t spots = player ? bb_horizontal(s, e) : bb_vertical(s, e);
    int step = player ? 1 : w;
    uint64_t own_safe = player ? bb_safe_right(s, e) : bb_safe_left(s, e);
    for (uint64_t sp = spots; sp; sp &= sp - 1) {
        uint64_t low = sp & (~sp + 1), m = low | shl64(low, step);
        uint64_t a = e ^ m;
        if (bb_bounds(s, a, k, !player) == 0) { /* a move the bounds say wins: no search */
            result = 1;
            goto done;
        }
        uint64_t lv = bb_vertical(s, a), rh = bb_horizontal(s, a);
        uint64_t sl = bb_safe_left(s, a), sr = bb_safe_right(s, a);
        int lp = bb_count(lv), rp = bb_count(rh);
        int lsafe = bb_count(sl & shr64(sl, w)), rsafe = bb_count(sr & (sr >> 1) & s->f.not_last);
        int score = (lp - rp) + 2 * (lsafe - rsafe);
        if (player)
            score = -score;
        score *= 1 << 20;
        if ((m & own_safe) == m)
            score -= 1 << 28; /* a safe move can wait */
        score += bb_history(s, player, ctz64(low));
        moves[n].move = m;
        moves[n].score = score;
        n++;
    }
    bb_sort_moves(moves, n);
    for (int i = 0; i < n; i++) {
        int sub = bb_win(s, e ^ moves[i].move, k, !player);
        if (sub < 0)
            return -1;
        if (!sub) {
            result = 1;
            bb_credit(s, player, ctz64(moves[i].move));
            break;
        }
    }
    if (!result && (player ? k < 0 : k > 0)) { /* a move in the integer */
        int sub = bb_win(s, e, player ? k + 1 : k - 1, !player);
        if (sub < 0)
            return -1;
        result = !sub;
    }
done:;
    uint32_t rank = bb_rank(s->nodes - before);
    bb_table_put(&s->table, key, (bb_entry){key.bits, key.meta, (uint32_t)result | rank << 1});
    return result;
}

/* The cells of an h x w board read on its w x h transpose. */
static uint64_t bb_transpose(int h, int w, uint64_t bits)
{
    uint64_t t = 0;
    for (uint64_t x = bits; x; x &= x - 1) {
        int p = ctz64(x), r = p / w, c = p % w;
        t |= (uint64_t)1 << (c * h + r);
    }
    return t;
}

/* Does `player` moving first win the h x w board `bits`?  1, 0, or -1 with an
 * error set.  Nodes searched and states decided by values in *nodes, *valued. */
static int dom_wins(int h, int w, uint64_t bits, int player, int64_t budget,
                    uint64_t max_slots, int small, int64_t *nodes, int64_t *valued)
{
    if (w > h) { /* search the transpose, with the players swapped */
        bits = bb_transpose(h, w, bits);
        int tmp = h;
        h = w;
        w = tmp;
        player = !player;
    }
    bb_search *s = malloc(sizeof(bb_search));
    if (!s)
        return no_memory();
    int r = bb_setup(s, h, w, max_slots, budget, small);
    for (int n = -8; n <= 8 && r >= 0; n++)
        if ((s->ints[n + 8] = number(n, 0)) < 0)
            r = -1;
    if (r >= 0)
        r = bb_win(s, bits, 0, player);
    *nodes = s->nodes;
    *valued = s->valued;
    bb_teardown(s);
    free(s);
    return r;
}

/* The arguments every ruleset's search takes: 0, or -1 with ValueError set. */
/* A board of h x w cells (1 to 64) whose set `cells` lies on it; else ValueError, -1. */
static int bb_check_board(int h, int w, unsigned long long cells)
{
    if (h < 1 || w < 1 || h > 64 || w > 64 || h * w > 64) {
        PyErr_SetString(PyExc_ValueError, "a board of 1 to 64 cells");
        return -1;
    }
    if (h * w < 64 && (cells >> (h * w))) {
        PyErr_SetString(PyExc_ValueError, "cells outside the board");
        return -1;
    }
    return 0;
}

static int bb_check_limits(int player, long long budget, unsigned long long max_slots, int small)
{
    if ((player != 0 && player != 1) || budget < 0 || small < 0 || small > 64) {
        PyErr_SetString(PyExc_ValueError,
                        "player is 0 (Left) or 1 (Right), budget >= 0, 0 <= small <= 64");
        return -1;
    }
    if (max_slots < 16 || (max_slots & (max_slots - 1)) || max_slots > (1ull << 32)) {
        PyErr_SetString(PyExc_ValueError, "max_slots is a power of two from 16 to 2**32");
        return -1;
    }
    return 0;
}

static PyObject *py_dom_wins(PyObject *self, PyObject *args)
{
    (void)self;
    int h, w, player, small = 12;
    unsigned long long b, max_slots = 1u << 22;
    long long budget = 0;
    if (!PyArg_ParseTuple(args, "iiKi|LKi", &h, &w, &b, &player, &budget, &max_slots, &small))
        return NULL;
    if (bb_check_board(h, w, b) < 0)
        return NULL;
    if (bb_check_limits(player, budget, max_slots, small) < 0)
        return NULL;
    if (enter() < 0)
        return NULL;
    int64_t nodes = 0, valued = 0;
    int r = dom_wins(h, w, (uint64_t)b, player, budget, max_slots, small, &nodes, &valued);
    leave();
    if (r < 0)
        return NULL;
    return Py_BuildValue("OLL", r ? Py_True : Py_False, (long long)nodes, (long long)valued);
}

/* The static bounds alone, for the tests: 1 (the mover wins), 0 (loses), -1. */
static PyObject *py_dom_bounds(PyObject *self, PyObject *args)
{
    (void)self;
    int h, w, k, player;
    unsigned long long b;
    if (!PyArg_ParseTuple(args, "iiKii", &h, &w, &b, &k, &player))
        return NULL;
    if (h < 1 || w < 1 || h * w > 64 || (h * w < 64 && (b >> (h * w))) ||
        (player != 0 && player != 1) || k > BB_KMAX || k < -BB_KMAX) {
        PyErr_SetString(PyExc_ValueError, "a board of 1 to 64 cells, player 0 or 1, |k| <= 500");
        return NULL;
    }
    bb_search s;
    memset(&s, 0, sizeof(s));
    grid_make_frame(&s.f, h, w);
    s.h = h;
    s.w = w;
    return PyLong_FromLong(bb_bounds(&s, bb_live(&s, (uint64_t)b), k, player));
}

#endif /* CGT_BIGBOARD_H */
