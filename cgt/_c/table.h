/* table.h: the one open-addressing hash table of cgt's kernels (header only).
 *
 * CGT_TABLE(NAME, ENTRY, KEY, FIRST, HASH, SAME, USED, SET_KEY, ENTRY_HASH)
 * defines a table type NAME of ENTRY structs (their key in fields of the
 * caller's choosing) and these functions (CGT_TABLE_VALUES(NAME, ENTRY, KEY,
 * VAL) adds NAME_get and NAME_put, for an ENTRY with a field `val` of type VAL):
 *
 *   NAME_find(t, key)     the entry of key, or NULL;
 *   NAME_insert(t, key)   the entry of key, made (key set, val zero) when new;
 *                         NULL with MemoryError set when there is no room;
 *   NAME_get(t, key, &v)  1 and v = the value of key, or 0 when absent;
 *   NAME_put(t, key, v)   key -> v; 0, or -1 with MemoryError set;
 *   NAME_clear(t)         forget everything, keep the room;
 *   NAME_free(t)          forget everything and give the room back;
 *   NAME_bytes(t)         the bytes the table holds now;
 *   NAME_over(t)          whether it holds more slots than its cap allows.
 *
 * The caller's expressions: HASH(key) and ENTRY_HASH(e) (any unsigned integer,
 * equal for an entry and its key), SAME(e, key), USED(e) (false exactly for an
 * all-zero entry: empty slots are zero bytes), SET_KEY(e, key); e is an ENTRY *.
 *
 * Linear probing in a power of two of slots, at most half full.  The table
 * starts at FIRST slots and doubles up to `max_cap` slots, the cap its kernel
 * derives from its share of the memory budget (cgt._cache.share("kernel"),
 * through the kernel's set_limit); a table at its cap that would become more
 * than half full is emptied whole and keeps its room (a bounded cache), so a
 * table never holds more than max_cap * sizeof(ENTRY) bytes.  The kernels'
 * clear (cgt.clear_caches) calls NAME_free.  The tables count no work: the
 * searches that use them charge the work budget themselves.
 *
 * CGT_WINDOW_TABLE(NAME, ENTRY, KEY, WINDOW, HASH, SAME, USED, ENTRY_KEY, RANK)
 * is the same table for a search that keeps a bounded window and replaces by
 * effort (Hexapawn's win/loss table): an entry lives in one of the WINDOW
 * slots from its home slot on (the top bits of the 64-bit HASH(key), so HASH
 * must mix well: home slots are not masked low bits; the array has WINDOW - 1
 * spare slots after the last home slot, so a window never wraps round).  The
 * caller writes whole entries (ENTRY holds its key and value packed as the
 * caller likes); RANK(e) (0..7) is the effort behind an entry.  It defines
 *
 *   NAME_reset(t, slots)   a new empty table of `slots` home slots (a power of
 *                          two, at least WINDOW); 0, or -1 with MemoryError set;
 *   NAME_find(t, key)      the entry of key, or NULL;
 *   NAME_put(t, key, e)    store the entry e of key: in key's slot, else the
 *                          first free one of its window, else over the entry
 *                          of least RANK there (t->replaced counts those);
 *   NAME_free(t), NAME_bytes(t) as above.
 *
 * It doubles when more than half full up to max_cap home slots; a doubling
 * the memory is not there for stops the growth (a full window then replaces).
 * So it holds at most (max_cap + WINDOW - 1) * sizeof(ENTRY) bytes, and a
 * replaced result is recomputed, never guessed (full keys are compared).
 * Empty slots are zero bytes, as above (USED(e) false exactly for those).
 */
#ifndef CGT_TABLE_H
#define CGT_TABLE_H

#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The allocator of a kernel's tables (PyMem_Calloc / PyMem_Free may be defined
 * before this header: the kernel's tables then show in tracemalloc). */
#ifndef CGT_TABLE_CALLOC
#define CGT_TABLE_CALLOC calloc
#define CGT_TABLE_FREE free
#endif

#define CGT_TABLE(NAME, ENTRY, KEY, FIRST, HASH, SAME, USED, SET_KEY, ENTRY_HASH)             \
    typedef struct {                                                                               \
        ENTRY *slot;                                                                               \
        uint32_t mask, count, max_cap; /* max_cap: slots, set from the memory budget */            \
        uint32_t first;                /* slots when first used; 0: FIRST */                       \
    } NAME;                                                                                        \
                                                                                                   \
    static inline ENTRY *NAME##_find(const NAME *t, KEY key)                                       \
    {                                                                                              \
        if (!t->slot)                                                                              \
            return NULL;                                                                           \
        uint32_t j = (uint32_t)(HASH(key)) & t->mask;                                              \
        for (;;) {                                                                                 \
            ENTRY *e = &t->slot[j];                                                                \
            if (!(USED(e)))                                                                        \
                return NULL;                                                                       \
            if (SAME(e, key))                                                                      \
                return e;                                                                          \
            j = (j + 1) & t->mask;                                                                 \
        }                                                                                          \
    }                                                                                              \
                                                                                                   \
    /* room for one more entry: doubled, or emptied when at its cap; -1: no memory */              \
    static inline int NAME##_room(NAME *t)                                                               \
    {                                                                                              \
        uint32_t old = t->slot ? t->mask + 1 : 0;                                                  \
        if (old && old >= t->max_cap) {                                                            \
            memset(t->slot, 0, (size_t)old * sizeof(ENTRY));                                      \
            t->count = 0;                                                                          \
            return 0;                                                                              \
        }                                                                                          \
        uint32_t cap = old ? old * 2 : t->first ? t->first : (FIRST);                              \
        ENTRY *slot = (ENTRY *)CGT_TABLE_CALLOC(cap, sizeof(ENTRY));                                         \
        if (!slot) {                                                                               \
            PyErr_NoMemory();                                                                      \
            return -1;                                                                             \
        }                                                                                          \
        for (uint32_t i = 0; i < old; i++) {                                                       \
            ENTRY *e = &t->slot[i];                                                                \
            if (USED(e)) {                                                                         \
                uint32_t j = (uint32_t)(ENTRY_HASH(e)) & (cap - 1);                                \
                while (USED(&slot[j]))                                                             \
                    j = (j + 1) & (cap - 1);                                                       \
                slot[j] = *e;                                                                      \
            }                                                                                      \
        }                                                                                          \
        CGT_TABLE_FREE(t->slot);                                                                   \
        t->slot = slot;                                                                            \
        t->mask = cap - 1;                                                                         \
        return 0;                                                                                  \
    }                                                                                              \
                                                                                                   \
    static inline ENTRY *NAME##_insert(NAME *t, KEY key)                                           \
    {                                                                                              \
        if (!t->slot || (t->count + 1) * 2 > t->mask + 1) {                                        \
            if (NAME##_room(t) < 0)                                                                \
                return NULL;                                                                       \
        }                                                                                          \
        uint32_t j = (uint32_t)(HASH(key)) & t->mask;                                              \
        for (;;) {                                                                                 \
            ENTRY *e = &t->slot[j];                                                                \
            if (!(USED(e))) {                                                                      \
                SET_KEY(e, key);                                                                   \
                t->count++;                                                                        \
                return e;                                                                          \
            }                                                                                      \
            if (SAME(e, key))                                                                      \
                return e;                                                                          \
            j = (j + 1) & t->mask;                                                                 \
        }                                                                                          \
    }                                                                                              \
                                                                                                   \
    static inline void NAME##_clear(NAME *t)                                                       \
    {                                                                                              \
        if (t->slot)                                                                               \
            memset(t->slot, 0, (size_t)(t->mask + 1) * sizeof(ENTRY));                             \
        t->count = 0;                                                                              \
    }                                                                                              \
                                                                                                   \
    static inline void NAME##_free(NAME *t)                                                              \
    {                                                                                              \
        CGT_TABLE_FREE(t->slot);                                                                   \
        t->slot = NULL;                                                                            \
        t->mask = t->count = 0;                                                                    \
    }                                                                                              \
                                                                                                   \
    static inline size_t NAME##_bytes(const NAME *t)                                               \
    {                                                                                              \
        return t->slot ? (size_t)(t->mask + 1) * sizeof(ENTRY) : 0;                                \
    }                                                                                              \
                                                                                                   \
    static inline int NAME##_over(const NAME *t)                                                   \
    {                                                                                              \
        return t->slot && t->mask + 1 > t->max_cap;                                                \
    }

/* NAME_get and NAME_put, for tables whose ENTRY has a field `val` of type VAL */
#define CGT_TABLE_VALUES(NAME, ENTRY, KEY, VAL)                                                    \
    static inline int NAME##_get(const NAME *t, KEY key, VAL *val)                                 \
    {                                                                                              \
        ENTRY *e = NAME##_find(t, key);                                                            \
        if (!e)                                                                                    \
            return 0;                                                                              \
        *val = e->val;                                                                             \
        return 1;                                                                                  \
    }                                                                                              \
                                                                                                   \
    static inline int NAME##_put(NAME *t, KEY key, VAL val)                                        \
    {                                                                                              \
        ENTRY *e = NAME##_insert(t, key);                                                          \
        if (!e)                                                                                    \
            return -1;                                                                             \
        e->val = val;                                                                              \
        return 0;                                                                                  \
    }

#define CGT_WINDOW_TABLE(NAME, ENTRY, KEY, WINDOW, HASH, SAME, USED, ENTRY_KEY, RANK)            \
    typedef struct {                                                                               \
        ENTRY *slot;       /* size + WINDOW - 1 slots */                                           \
        uint64_t size;     /* home slots, a power of two */                                        \
        uint64_t max_cap;  /* home slots at most, set from the memory budget */                    \
        uint64_t count, limit, replaced; /* limit: the count that doubles the table */             \
        int shift;         /* home(key) = HASH(key) >> shift */                                    \
    } NAME;                                                                                        \
                                                                                                   \
    static inline void NAME##_size(NAME *t, uint64_t size)                                         \
    {                                                                                              \
        int bits = 0;                                                                              \
        while (((uint64_t)1 << bits) < size)                                                       \
            bits++;                                                                                \
        t->size = size;                                                                            \
        t->shift = 64 - bits;                                                                      \
        t->limit = size < t->max_cap ? size / 2 : UINT64_MAX;                                      \
    }                                                                                              \
                                                                                                   \
    static inline uint64_t NAME##_home(const NAME *t, KEY key)                                     \
    {                                                                                              \
        return (uint64_t)(HASH(key)) >> t->shift;                                                  \
    }                                                                                              \
                                                                                                   \
    static int NAME##_reset(NAME *t, uint64_t size)                                                \
    {                                                                                              \
        ENTRY *slot = (ENTRY *)CGT_TABLE_CALLOC((size_t)(size + (WINDOW) - 1), sizeof(ENTRY));    \
        if (!slot) {                                                                               \
            PyErr_NoMemory();                                                                      \
            return -1;                                                                             \
        }                                                                                          \
        CGT_TABLE_FREE(t->slot);                                                                   \
        t->slot = slot;                                                                            \
        NAME##_size(t, size);                                                                      \
        t->count = t->replaced = 0;                                                                \
        return 0;                                                                                  \
    }                                                                                              \
                                                                                                   \
    static inline ENTRY *NAME##_find(const NAME *t, KEY key)                                       \
    {                                                                                              \
        ENTRY *e = t->slot + NAME##_home(t, key), *end = e + (WINDOW);                             \
        for (; e < end; e++) {                                                                     \
            if (!(USED(e)))                                                                        \
                return NULL;                                                                       \
            if (SAME(e, key))                                                                      \
                return e;                                                                          \
        }                                                                                          \
        return NULL;                                                                               \
    }                                                                                              \
                                                                                                   \
    /* Double the table and re-insert; without the memory, stop growing. */                        \
    static void NAME##_grow(NAME *t)                                                               \
    {                                                                                              \
        uint64_t old_size = t->size;                                                               \
        ENTRY *old = t->slot;                                                                      \
        ENTRY *slot = (ENTRY *)CGT_TABLE_CALLOC((size_t)(2 * old_size + (WINDOW) - 1),             \
                                                sizeof(ENTRY));                                    \
        if (!slot) {                                                                               \
            t->limit = UINT64_MAX;                                                                 \
            return;                                                                                \
        }                                                                                          \
        t->slot = slot;                                                                            \
        NAME##_size(t, 2 * old_size);                                                              \
        uint64_t count = 0;                                                                        \
        for (ENTRY *e = old, *stop = old + old_size + (WINDOW) - 1; e < stop; e++) {              \
            if (!(USED(e)))                                                                        \
                continue;                                                                          \
            ENTRY *f = slot + NAME##_home(t, ENTRY_KEY(e)), *end = f + (WINDOW);                   \
            for (; f < end; f++)                                                                   \
                if (!(USED(f))) {                                                                  \
                    *f = *e;                                                                       \
                    count++;                                                                       \
                    break;                                                                         \
                }                                                                                  \
            /* a full window in a table twice as large is next to impossible; dropping             \
             * the entry then only costs a recomputation */                                        \
        }                                                                                          \
        t->count = count;                                                                          \
        CGT_TABLE_FREE(old);                                                                       \
    }                                                                                              \
                                                                                                   \
    static inline void NAME##_put(NAME *t, KEY key, ENTRY entry)                                   \
    {                                                                                              \
        ENTRY *e = t->slot + NAME##_home(t, key), *end = e + (WINDOW), *victim = e;                \
        int least = 8;                                                                             \
        for (; e < end; e++) {                                                                     \
            if (!(USED(e))) {                                                                      \
                *e = entry;                                                                        \
                if (++t->count > t->limit)                                                         \
                    NAME##_grow(t);                                                                \
                return;                                                                            \
            }                                                                                      \
            if (SAME(e, key)) {                                                                    \
                *e = entry;                                                                        \
                return;                                                                            \
            }                                                                                      \
            int rank = (int)(RANK(e));                                                             \
            if (rank < least) {                                                                    \
                least = rank;                                                                      \
                victim = e;                                                                        \
            }                                                                                      \
        }                                                                                          \
        *victim = entry;                                                                           \
        t->replaced++;                                                                             \
    }                                                                                              \
                                                                                                   \
    static inline void NAME##_free(NAME *t)                                                        \
    {                                                                                              \
        CGT_TABLE_FREE(t->slot);                                                                   \
        t->slot = NULL;                                                                            \
        t->size = t->count = 0;                                                                    \
    }                                                                                              \
                                                                                                   \
    static inline size_t NAME##_bytes(const NAME *t)                                               \
    {                                                                                              \
        return t->slot ? (size_t)(t->size + (WINDOW) - 1) * sizeof(ENTRY) : 0;                     \
    }

#endif /* CGT_TABLE_H */
