/*
 * Col and Snort on graphs of at most 64 vertices.  Included by shortgame.c
 * (it uses the engine's nodes, canonical_form, add and negate).
 *
 * This mirrors cgt.games.graphs.HostRules on bit masks: a position inside a
 * host graph (adjacency masks adj[0..n-1]) is three masks, the vertices still
 * to colour and those only Left (lefts) or only Right (rights) may colour.
 * A move colours one vertex: in Col its neighbours of the mover's tint are
 * deleted and the others tinted for the opponent; in Snort its neighbours of
 * the opponent's tint are deleted and the others tinted for the mover.
 * Edges that no longer constrain a move (L-R in Col, L-L and R-R in Snort)
 * are ignored when the position is split into components.
 *
 * A component's value is stored under a key that does not depend on the
 * host: a path by its tint string, up to reversal; a cycle by its tint string,
 * up to rotation and reflection; any other component by its vertices
 * renumbered in order with their tints and adjacency masks.  A component
 * whose tints swapped (L <-> R) give a smaller key is stored as that image,
 * negated.
 */

enum { G_COL, G_SNORT, G_KINDS };

/* Keys are byte strings held in an arena, each as a 2-byte length and the
 * bytes; the table maps them to nodes.  Its slots are a CGT_TABLE of offsets
 * into the arena; an entry never moves in the arena, so the table is bounded by
 * entries (max_count) and arena bytes (max_arena) here, not by its own cap. */
typedef struct {
    uint32_t off; /* offset of the key in the arena + 1; 0: an empty slot */
    uint32_t hash;
    int32_t val;
} keyslot;

typedef struct {
    const uint8_t *arena; /* the arena of the key's table */
    const uint8_t *bytes;
    int n;
    uint32_t hash, off; /* off: where a new key was written in the arena */
} keyref;

static inline int key_len_at(const uint8_t *arena, uint32_t off)
{
    return arena[off] | (arena[off + 1] << 8);
}

#define KS_HASH(k) ((k).hash)
#define KS_SAME(e, k)                                                                              \
    ((e)->hash == (k).hash && key_len_at((k).arena, (e)->off - 1) == (k).n &&                      \
     !memcmp((k).arena + (e)->off + 1, (k).bytes, (size_t)(k).n))
#define KS_USED(e) ((e)->off != 0)
#define KS_SET(e, k) ((e)->off = (k).off + 1, (e)->hash = (k).hash)
#define KS_ENTRY_HASH(e) ((e)->hash)
CGT_TABLE(keyslots, keyslot, keyref, 1u << 10, KS_HASH, KS_SAME, KS_USED, KS_SET, KS_ENTRY_HASH)
CGT_TABLE_VALUES(keyslots, keyslot, keyref, int32_t)

typedef struct {
    uint8_t *arena;
    size_t len, cap;
    keyslots slots;
    uint32_t max_count;
    size_t max_arena; /* bytes of keys kept at most (set_limit() in shortgame.c) */
} keytab;

#define KEYSLOTS_UNCAPPED {NULL, 0, 0, 1u << 31}
static keytab t_graphs[G_KINDS] = {
    {NULL, 0, 0, KEYSLOTS_UNCAPPED, 1u << 16, (size_t)4 << 20},
    {NULL, 0, 0, KEYSLOTS_UNCAPPED, 1u << 16, (size_t)4 << 20},
};
#define KEYTAB_SLOT sizeof(keyslot)

/* Half of `bytes` for the keys, half for the slots (at most 4 per entry: the
 * table doubles when half full). */
static void keytab_budget(keytab *t, size_t bytes)
{
    t->max_arena = bytes / 2 > 4096 ? bytes / 2 : 4096;
    size_t n = bytes / 2 / (4 * KEYTAB_SLOT);
    t->max_count = n < 1024 ? 1024 : n > (1u << 30) ? (1u << 30) : (uint32_t)n;
}

static size_t keytab_bytes(int k)
{
    const keytab *t = &t_graphs[k];
    return t->cap + keyslots_bytes(&t->slots);
}

static int graphtabs_over(void)
{
    for (int k = 0; k < G_KINDS; k++)
        if (t_graphs[k].cap > t_graphs[k].max_arena ||
            (t_graphs[k].slots.slot && t_graphs[k].slots.mask + 1 > 4 * t_graphs[k].max_count))
            return 1;
    return 0;
}

#define GKEY_MAX (2 + 64 * 9) /* type, size, then per vertex a tint and a mask of 8 bytes */

static void graphtabs_free(void)
{
    for (int k = 0; k < G_KINDS; k++) {
        keytab *t = &t_graphs[k];
        free(t->arena);
        t->arena = NULL;
        t->len = t->cap = 0;
        keyslots_free(&t->slots);
    }
}

static uint32_t key_hash(const uint8_t *key, int n)
{
    uint64_t h = 0x2545f4914f6cdd1dULL + (uint64_t)n;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, key + i, 8);
        h = mix64(h ^ w);
    }
    uint64_t w = 0;
    for (; i < n; i++)
        w = (w << 8) | key[i];
    return (uint32_t)mix64(h ^ w);
}

static int keytab_get(const keytab *t, const uint8_t *key, int n, uint32_t h, int32_t *val)
{
    return keyslots_get(&t->slots, (keyref){t->arena, key, n, h, 0}, val);
}

static int keytab_put(keytab *t, const uint8_t *key, int n, uint32_t h, int32_t val)
{
    if (t->slots.count >= t->max_count || t->len + (size_t)n + 2 > UINT32_MAX - 1 ||
        t->len + (size_t)n + 2 > t->max_arena) {
        /* full: forget everything, keep the room */
        keyslots_clear(&t->slots);
        t->len = 0;
    }
    if (t->len + (size_t)n + 2 > t->cap) {
        size_t cap = t->cap ? t->cap : 1 << 12;
        while (cap < t->len + (size_t)n + 2)
            cap *= 2;
        uint8_t *a = realloc(t->arena, cap);
        if (!a)
            return no_memory();
        t->arena = a;
        t->cap = cap;
    }
    uint32_t o = (uint32_t)t->len;
    keyslot *e = keyslots_insert(&t->slots, (keyref){t->arena, key, n, h, o});
    if (!e)
        return -1;
    if (e->off == o + 1) { /* a new key: write it where the entry points */
        t->arena[o] = (uint8_t)(n & 0xff);
        t->arena[o + 1] = (uint8_t)(n >> 8);
        memcpy(t->arena + o + 2, key, (size_t)n);
        t->len += (size_t)n + 2;
    }
    e->val = val;
    return 0;
}

/* The host of the running call. */
static uint64_t g_adj[64];
static int g_kind;

/* The neighbours of v that still matter in a position (lefts, rights). */
static inline uint64_t live_nbrs(int v, uint64_t lefts, uint64_t rights)
{
    uint64_t nb = g_adj[v], b = (uint64_t)1 << v;
    if (g_kind == G_COL) {
        if (b & lefts)
            nb &= ~rights;
        else if (b & rights)
            nb &= ~lefts;
    } else {
        if (b & lefts)
            nb &= ~lefts;
        else if (b & rights)
            nb &= ~rights;
    }
    return nb;
}

static inline uint8_t tint_of(int v, uint64_t lefts, uint64_t rights)
{
    uint64_t b = (uint64_t)1 << v;
    return (b & lefts) ? 1 : (b & rights) ? 2 : 0;
}

static const uint8_t SWAP_TINT[3] = {0, 2, 1};

/* The least of the rotations of seq[0..k-1] (read forwards, with tints
 * swapped when asked) into out; returns nothing. */
static void least_rotation(const uint8_t *seq, int k, int backwards, int swapped, uint8_t *out)
{
    uint8_t cand[64];
    int first = 1;
    for (int s = 0; s < k; s++) {
        for (int i = 0; i < k; i++) {
            int at = backwards ? (s - i + k) % k : (s + i) % k;
            cand[i] = swapped ? SWAP_TINT[seq[at]] : seq[at];
        }
        if (first || memcmp(cand, out, (size_t)k) < 0) {
            memcpy(out, cand, (size_t)k);
            first = 0;
        }
    }
}

/* The key of a connected component; *neg tells whether it is the tint-swapped
 * image (whose value is the negative).  Returns the key's length. */
static int graph_key(uint64_t comp, uint64_t lefts, uint64_t rights, uint8_t *key, int *neg)
{
    int k = popcount64(comp);
    int vs[64], deg[64], pos[64];
    uint64_t nb[64];
    int edges2 = 0, max_deg = 0, min_deg = 64;
    int i = 0;
    for (uint64_t s = comp; s; s &= s - 1, i++) {
        int v = ctz64(s);
        vs[i] = v;
        pos[v] = i;
        nb[i] = live_nbrs(v, lefts, rights) & comp;
        deg[i] = popcount64(nb[i]);
        edges2 += deg[i];
        if (deg[i] > max_deg)
            max_deg = deg[i];
        if (deg[i] < min_deg)
            min_deg = deg[i];
    }
    *neg = 0;
    if (max_deg <= 2 && edges2 == 2 * (k - 1)) { /* a path: its tints from one end */
        uint8_t seq[64], best[64], cand[64];
        int end = 0;
        while (deg[end] > 1)
            end++;
        int prev = -1, cur = end;
        for (int j = 0; j < k; j++) {
            seq[j] = tint_of(vs[cur], lefts, rights);
            uint64_t next = nb[cur];
            if (prev >= 0)
                next &= ~((uint64_t)1 << vs[prev]);
            prev = cur;
            if (next)
                cur = pos[ctz64(next)];
        }
        memcpy(best, seq, (size_t)k);
        for (int form = 1; form < 4; form++) { /* reversed, swapped, both */
            for (int j = 0; j < k; j++) {
                uint8_t t = (form & 1) ? seq[k - 1 - j] : seq[j];
                cand[j] = (form & 2) ? SWAP_TINT[t] : t;
            }
            if (memcmp(cand, best, (size_t)k) < 0) {
                memcpy(best, cand, (size_t)k);
                *neg = form >= 2;
            }
        }
        key[0] = 'P';
        memcpy(key + 1, best, (size_t)k);
        return k + 1;
    }
    if (min_deg == 2 && max_deg == 2 && k >= 3 && edges2 == 2 * k) { /* a cycle */
        uint8_t seq[64], best[64], cand[64];
        int prev = -1, cur = 0;
        for (int j = 0; j < k; j++) {
            seq[j] = tint_of(vs[cur], lefts, rights);
            uint64_t next = nb[cur];
            if (prev >= 0)
                next &= ~((uint64_t)1 << vs[prev]);
            prev = cur;
            cur = pos[ctz64(next)];
        }
        least_rotation(seq, k, 0, 0, best);
        for (int form = 1; form < 4; form++) {
            least_rotation(seq, k, form & 1, form >> 1, cand);
            if (memcmp(cand, best, (size_t)k) < 0) {
                memcpy(best, cand, (size_t)k);
                *neg = form >= 2;
            }
        }
        key[0] = 'C';
        memcpy(key + 1, best, (size_t)k);
        return k + 1;
    }
    /* any other graph: the vertices in order, tints (swapped if that is less) and masks */
    uint8_t tints[64];
    int cmp = 0;
    for (int j = 0; j < k; j++) {
        tints[j] = tint_of(vs[j], lefts, rights);
        if (!cmp && tints[j] != SWAP_TINT[tints[j]])
            cmp = tints[j] < SWAP_TINT[tints[j]] ? -1 : 1;
    }
    *neg = cmp > 0;
    int bytes = (k + 7) / 8, n = 2;
    key[0] = 'G';
    key[1] = (uint8_t)k;
    for (int j = 0; j < k; j++) {
        key[n++] = *neg ? SWAP_TINT[tints[j]] : tints[j];
        uint64_t m = 0;
        for (uint64_t s = nb[j]; s; s &= s - 1)
            m |= (uint64_t)1 << pos[ctz64(s)];
        for (int b = 0; b < bytes; b++)
            key[n++] = (uint8_t)(m >> (8 * b));
    }
    return n;
}

static int32_t graph_component(uint64_t comp, uint64_t lefts, uint64_t rights);

/* The Col value of a path with these tints when its interior is untinted, as
 * cgt.games.graphs.col_path_value proves it: * or +-1 for one vertex, else the
 * sum of 0, 1/2 or -1/2 for each end ('.', L or R).  0: not known this way. */
static int32_t col_path(const uint8_t *seq, int k)
{
    for (int i = 1; i < k - 1; i++)
        if (seq[i])
            return 0;
    if (k == 1) {
        if (seq[0] == 0)
            return E->star();
        return number(seq[0] == 1 ? 1 : -1, 0);
    }
    static const int half[3] = {0, 1, -1};
    return number(half[seq[0]] + half[seq[k - 1]], 1);
}

/* The value of a position: the sum of its components' values. */
static int32_t graph_state(uint64_t alive, uint64_t lefts, uint64_t rights)
{
    int32_t total = 0;
    uint64_t rest = alive;
    while (rest) {
        uint64_t frontier = rest & (~rest + 1), todo = rest ^ frontier;
        while (frontier) {
            int v = ctz64(frontier);
            uint64_t grow = live_nbrs(v, lefts, rights) & todo;
            todo ^= grow;
            frontier = (frontier & (frontier - 1)) | grow;
        }
        uint64_t comp = rest ^ todo;
        rest = todo;
        int32_t v = graph_component(comp, lefts & comp, rights & comp);
        if (v < 0)
            return -1;
        if (!total)
            total = v;
        else if ((total = add(total, v)) < 0)
            return -1;
    }
    return total ? total : g_zero;
}

/* The value of a connected component (its tints within it). */
static int32_t graph_component(uint64_t comp, uint64_t lefts, uint64_t rights)
{
    uint8_t key[GKEY_MAX];
    int neg;
    int n = graph_key(comp, lefts, rights, key, &neg);
    uint32_t h = key_hash(key, n);
    keytab *t = &t_graphs[g_kind];
    int32_t v;
    if (keytab_get(t, key, n, h, &v))
        return neg ? negate(v) : v;
    if (g_kind == G_COL && key[0] == 'P') { /* Col on a path: a closed form when it applies */
        int32_t known = col_path(key + 1, n - 1);
        if (known)
            return known < 0 ? -1 : neg ? negate(known) : known;
    }
    if (PyErr_CheckSignals() < 0) /* each new component: they can be slow to sum */
        return -1;
    if (++g_depth > MAX_DEPTH) {
        g_depth--;
        return fail("the compiled engine went too deep");
    }
    int32_t opts[128];
    int nl = 0, no = 0;
    v = 0;
    for (int left = 1; left >= 0 && v >= 0; left--) {
        uint64_t mine = left ? lefts : rights, theirs = left ? rights : lefts;
        for (uint64_t s = comp & ~theirs; s && v >= 0; s &= s - 1) {
            int x = ctz64(s);
            uint64_t nb = g_adj[x] & comp, alive, new_mine, new_theirs;
            if (g_kind == G_COL) {
                alive = comp & ~((uint64_t)1 << x) & ~(nb & mine);
                new_mine = mine & alive;
                new_theirs = (theirs | nb) & alive;
            } else {
                alive = comp & ~((uint64_t)1 << x) & ~(nb & theirs);
                new_mine = (mine | nb) & alive;
                new_theirs = theirs & alive;
            }
            v = left ? graph_state(alive, new_mine, new_theirs)
                     : graph_state(alive, new_theirs, new_mine);
            if (v >= 0)
                opts[no++] = v;
        }
        if (left)
            nl = no;
    }
    g_depth--;
    if (v >= 0)
        v = canonical_form(opts, nl, opts + nl, no - nl);
    if (v < 0)
        return -1;
    /* store the value of the key's own colouring */
    int32_t stored = neg ? negate(v) : v;
    if (stored < 0 || keytab_put(t, key, n, h, stored) < 0)
        return -1;
    return v;
}

/* The value of Col (kind 0) or Snort (kind 1) on the graph with these
 * adjacency masks and tints. */
static int32_t graph_value(int kind, int n, const uint64_t *adj, uint64_t lefts, uint64_t rights)
{
    g_kind = kind;
    memset(g_adj, 0, sizeof g_adj);
    memcpy(g_adj, adj, (size_t)n * sizeof(uint64_t));
    uint64_t full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    if (!full)
        return g_zero;
    return graph_state(full, lefts, rights);
}
