/*
 * memo.c -- the memo counter: counting exact covers by memoised sub-problems.
 *
 * memo_search counts solutions without visiting them one by one: it memoises the number of
 * solutions of every sub-problem it meets, keyed by that sub-problem's exact state, so a
 * remainder reached by many paths is counted once.
 *
 * State.  used[i] is how many chosen options cover item i, or hi[i] once i is FINISHED
 * (covered as often as it may be, or closed: no further option may cover it).  An option
 * is COMPATIBLE iff used[j] < hi[j] for every item j in it.  The state is the vector used
 * (plus, see below, a pointer); nothing else: there is no list of excluded options.
 *
 * Branching.  The CHOICE RULE picks the item i to branch on from the state alone.  SWEEP
 * takes the primary items in a fixed order (the model's: a tiling sweeps its region
 * column by column) and branches on the first item i in that order that is not finished.
 * FEWEST (Knuth's "minimum remaining values") branches on the open primary item with the
 * fewest compatible options, ties going to the earlier item in the order.  For it each
 * item keeps its compatible options at the front of its list (active[i] of them, a
 * sparse set as in Knuth's dancing cells): when an item turns full, its compatible
 * options leave the lists of their other items by a swap (memo_cover), and when it turns open again
 * (in exactly the reverse order) they come back by a count going up.  Every solution covers i by some of its options and
 * none of the items before i again (they are finished), so:
 *   - hi[i] == 1: count(S) = the sum over the compatible options o of i of count(S + o),
 *     plus, when lo[i] == 0, count(S with i closed);
 *   - hi[i] > 1: the options o1 < o2 < ... of i are decided one at a time, p being the
 *     index of the next one: count(S, p) = count(S, p + 1) [op left out] +
 *     count(S + op, p + 1) [op chosen, if compatible]; past the last option, i is closed
 *     when used[i] >= lo[i], else there is no solution.  Options of i left out stay out:
 *     once i is finished no option of it is compatible.
 * With the frontier of a sweep narrow, few distinct states exist and most are met often;
 * FEWEST searches the tree Algorithm X does and merges what repeats in it.
 *
 * Invariant at every node: the key (used packed: a bit per item with hi == 1, four bytes
 * per other item; then p, and the item i while p > 0, since the options of i before p
 * were decided) names the sub-problem completely, so two nodes with equal keys have equal
 * counts: the rule picks the same item from the same used, and the item being decided is
 * in the key.  Keys are
 * stored in full and compared in full on every hit: never a hash alone.
 *
 * The table is open addressing with linear probing, slots of [hash][count][work][key].
 * Counts are unsigned 128-bit; an overflow is reported, never wrapped.  work is the
 * number of nodes the entry's count took to compute: when the table reaches its memory
 * cap, the entries below the median work are dropped (the cheap ones, the least useful to
 * keep) and the count goes on, exact, just slower.  The cap bounds every table held at
 * once: growing holds the old table beside the new, and dropping happens in place.
 *
 * Bounds that cannot bind.  An item of bounds lo:hi with hi at least its number of
 * options (a fault line of a tiling, 1:n, held by the n placements that cross it) can
 * never be covered too often, so two open states that differ only in how often it is
 * covered, both at least lo, have the same solutions: its key word holds min(used, lo)
 * while it is open (saturate[i] = lo), and the states merge.  The fault-free pentomino
 * 5x12 tilings: 9,377,303 states (5.6 GB, 23.0 CPU seconds) before, 896,649 (0.35 GB,
 * 1.7 s) after; the 6x10, 51.9 s before, 8.2 s after.
 *
 * Items behind the sweep.  Under SWEEP every item before the branching position is
 * finished, so an option whose first primary item lies there can never be chosen again.
 * A secondary item all of whose options are such (an Apart constraint's edge, once the
 * sweep has passed both its cells) keeps nothing the rest of the search can use: the
 * key is looked up with its bit or word cleared (mask, per position; lookup_key), and
 * states that differ only behind the sweep merge, as the frontier engine's do.  The
 * fault-free pentomino 4x15 with the X and the I apart: 8.5 CPU seconds before, 0.7 s
 * after (228,385 states).
 *
 * Colours.  An entry of an option may give its secondary item a colour (colour[k] > 0,
 * per entry of opt_items).  holders[j] counts the chosen options that hold j in colour
 * shade[j]; an option is compatible at j when it holds j plainly and j is not held at all,
 * or in colour c and j is held by nobody plainly and by coloured holders only of colour c.
 * The key gives such an item a word: -1 held plainly, else its shade (0: free), not the
 * number of holders, which changes nothing below.  Under FEWEST, the first holder of a
 * colour takes the options of j in another colour (or none) out of the lists, as cover
 * does for a full item (memo_purify), and the last one leaving puts them back.
 *
 * Stopping.  Every CHECK_MASK + 1 nodes the clock and Ctrl-C are looked at; on a stop the
 * recursion unwinds returning the sums completed so far, a lower bound.
 */
#include "xc.h"

#include <sys/mman.h>

/* A slot: 8 bytes hash (0: empty), 16 bytes count, 8 bytes work, then the key. */
#define SLOT_HEAD 32

static uint64_t hash_key(const unsigned char *key, int n) {
    uint64_t h = 1469598103934665603ULL;  /* FNV-1a, then a final mix */
    for (int k = 0; k < n; k++) { h ^= key[k]; h *= 1099511628211ULL; }
    h ^= h >> 29; h *= 0xbf58476d1ce4e5b9ULL; h ^= h >> 32;
    return h | 1;  /* never 0, the mark of an empty slot */
}

/* The key's part for item i, from used[i]; set_used keeps the whole key up to date, so
 * a node only writes p and the item being decided at its end (pack_key). */
static inline void key_item(Memo *m, int i) {
    if (m->coloured && m->coloured[i]) {
        int v = m->used[i] ? -1 : m->shade[i];
        memcpy(m->key + m->word_of[i], &v, sizeof(int));
    } else if (m->bit_of[i] >= 0) {
        unsigned char bit = (unsigned char)(1u << (m->bit_of[i] & 7));
        if (m->used[i]) m->key[m->bit_of[i] >> 3] |= bit;
        else m->key[m->bit_of[i] >> 3] &= (unsigned char)~bit;
    } else {
        int v = m->used[i];
        if (m->saturate[i] >= 0 && v > m->saturate[i] && v < m->hi[i]) v = m->saturate[i];
        memcpy(m->key + m->word_of[i], &v, sizeof(int));
    }
}

/* The key to look up at sweep position pos: the key itself, or under a mask the key
 * with the items behind the sweep cleared (see "Items behind the sweep"). */
static const unsigned char *lookup_key(Memo *m, int pos) {
    if (!m->mask) return m->key;
    const unsigned char *row = m->mask + (size_t)pos * (size_t)m->key_bytes;
    for (int b = 0; b < m->key_bytes; b++) m->lookup[b] = m->key[b] & row[b];
    return m->lookup;
}

static void pack_key(Memo *m, int pos, int p) {
    int deciding = p > 0 ? pos : -1;
    memcpy(m->key + m->key_bytes - 2 * sizeof(int), &p, sizeof(int));
    memcpy(m->key + m->key_bytes - sizeof(int), &deciding, sizeof(int));
}

/* The slot where the probe for hash h starts: h scaled to [0, capacity), so the capacity
 * need not be a power of two. */
static inline size_t home_slot(const Memo *m, uint64_t h) {
    return (size_t)(((unsigned __int128)h * m->capacity) >> 64);
}

static inline uint64_t slot_hash(const Memo *m, size_t k) {
    uint64_t h;
    memcpy(&h, m->slots + k * m->slot_bytes, 8);
    return h;
}

static unsigned char *find_slot(Memo *m, const unsigned char *key, uint64_t h) {
    size_t at = home_slot(m, h);
    for (;;) {
        unsigned char *slot = m->slots + at * m->slot_bytes;
        uint64_t sh;
        memcpy(&sh, slot, 8);
        if (sh == 0) return slot;
        if (sh == h && memcmp(slot + SLOT_HEAD, key, (size_t)m->key_bytes) == 0) return slot;
        if (++at == m->capacity) at = 0;
    }
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* See xc.h. */
unsigned char *pages_alloc(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    if (bytes >= (2u << 20)) madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

static unsigned char *table_alloc(size_t slots, size_t slot_bytes) {
    return pages_alloc(slots * slot_bytes);
}

static void table_free(unsigned char *table, size_t slots, size_t slot_bytes) {
    if (table) munmap(table, slots * slot_bytes);
}

/* The capacity the table grows to next, or 0 when it may not grow.  Growing holds the old
 * table and the new one at once, and the two together stay within the cap (max_slots
 * slots): the capacity doubles while they fit, then takes once what fits beside the old
 * one (between a half and two thirds of the cap). */
static size_t next_capacity(const Memo *m) {
    size_t c = m->capacity, next = 2 * c;
    if (c + next > m->max_slots) next = m->max_slots > c ? m->max_slots - c : 0;
    return next > c ? next : 0;
}

/* Grow the table to capacity next, every entry moved over.  0, or -1 without memory. */
static int grow(Memo *m, size_t next) {
    unsigned char *old = m->slots;
    size_t old_cap = m->capacity;
    unsigned char *grown = table_alloc(next, m->slot_bytes);
    if (!grown) return -1;
    if (old_cap + next > m->peak_slots) m->peak_slots = old_cap + next;
    m->slots = grown; m->capacity = next;
    for (size_t k = 0; k < old_cap; k++) {
        unsigned char *slot = old + k * m->slot_bytes;
        uint64_t h;
        memcpy(&h, slot, 8);
        if (h) memcpy(find_slot(m, slot + SLOT_HEAD, h), slot, m->slot_bytes);
    }
    table_free(old, old_cap, m->slot_bytes);
    return 0;
}

/* Drop the entries below the median work (sampled), in place: no second table.  The
 * table is at most half full, so some slot e is empty, and no probe runs across an empty
 * slot; the entries kept are then taken out and put back one by one in probe order from
 * e + 1 round to e - 1, each landing at or before where it was, every slot on its probe
 * before it already settled. */
static void evict(Memo *m) {
    uint64_t sample[1024];
    int n = 0;
    size_t step = m->capacity / 1024 + 1;
    for (size_t k = 0; k < m->capacity && n < 1024; k += step)
        if (slot_hash(m, k)) memcpy(&sample[n++], m->slots + k * m->slot_bytes + 24, 8);
    qsort(sample, (size_t)n, sizeof(uint64_t), cmp_u64);
    uint64_t median = n ? sample[n / 2] + 1 : 1;
    size_t e = 0;
    while (slot_hash(m, e)) e++;
    for (size_t k = 0; k < m->capacity; k++) {
        unsigned char *slot = m->slots + k * m->slot_bytes;
        uint64_t work;
        memcpy(&work, slot + 24, 8);
        if (slot_hash(m, k) && work < median) {
            memset(slot, 0, 8);
            m->stored--; m->dropped++;
        }
    }
    m->evictions++;
    if (2 * (m->stored + 1) > m->capacity) {  /* all alike: drop them all */
        memset(m->slots, 0, m->capacity * m->slot_bytes);
        m->dropped += (long long)m->stored;
        m->stored = 0;
        return;
    }
    for (size_t step_k = 1; step_k < m->capacity; step_k++) {
        size_t k = (e + step_k) % m->capacity;
        unsigned char *slot = m->slots + k * m->slot_bytes;
        uint64_t h = slot_hash(m, k);
        if (!h) continue;
        memcpy(m->spare, slot, m->slot_bytes);
        memset(slot, 0, 8);
        memcpy(find_slot(m, m->spare + SLOT_HEAD, h), m->spare, m->slot_bytes);
    }
}

/* Make room for one more entry: grow the table while the cap allows, else evict. */
static void make_room(Memo *m) {
    if (2 * (m->stored + 1) <= m->capacity) return;
    size_t next = next_capacity(m);
    if (next && grow(m, next) == 0) return;
    evict(m);
}

int compatible(const Memo *m, int o) {
    for (int k = m->opt_start[o]; k < m->opt_start[o + 1]; k++) {
        int j = m->opt_items[k];
        if (m->used[j] >= m->hi[j]) return 0;
        if (m->colour && m->holders[j] > 0 && m->colour[k] != m->shade[j]) return 0;
    }
    return 1;
}

/* FEWEST's lists.  The entries of the options (indices into opt_items) are listed per
 * item in cells[item_start[i] ..]: the first active[i] of them are the compatible
 * options of item i.  where[t] is the place of entry t in cells, option_of[t] its option. */
static inline void drop_entry(Memo *m, int t) {
    int r = m->opt_items[t], at = m->where[t], last = m->item_start[r] + --m->active[r];
    int u = m->cells[last];
    m->cells[at] = u; m->where[u] = at;
    m->cells[last] = t; m->where[t] = last;
}

/* Item j has turned full: its compatible options leave the other items' lists. */
static void memo_cover(Memo *m, int j) {
    for (int k = m->item_start[j]; k < m->item_start[j] + m->active[j]; k++) {
        int t = m->cells[k], o = m->option_of[t];
        for (int u = m->opt_start[o]; u < m->opt_start[o + 1]; u++)
            if (u != t) drop_entry(m, u);
    }
}

/* Undo cover(j), in exactly the reverse order, so each entry is back where it was. */
static void memo_uncover(Memo *m, int j) {
    for (int k = m->item_start[j] + m->active[j] - 1; k >= m->item_start[j]; k--) {
        int t = m->cells[k], o = m->option_of[t];
        for (int u = m->opt_start[o + 1] - 1; u >= m->opt_start[o]; u--)
            if (u != t) m->active[m->opt_items[u]]++;
    }
}

/* The first holder of j in colour c: the options of j in another colour or none leave
 * the other items' lists (FEWEST); memo_unpurify undoes it in exactly the reverse order. */
static void memo_purify(Memo *m, int j, int c) {
    for (int k = m->item_start[j]; k < m->item_start[j] + m->active[j]; k++) {
        int t = m->cells[k], o = m->option_of[t];
        if (m->colour[t] == c) continue;
        for (int u = m->opt_start[o]; u < m->opt_start[o + 1]; u++)
            if (u != t) drop_entry(m, u);
    }
}

static void memo_unpurify(Memo *m, int j, int c) {
    for (int k = m->item_start[j] + m->active[j] - 1; k >= m->item_start[j]; k--) {
        int t = m->cells[k], o = m->option_of[t];
        if (m->colour[t] == c) continue;
        for (int u = m->opt_start[o + 1] - 1; u >= m->opt_start[o]; u--)
            if (u != t) m->active[m->opt_items[u]]++;
    }
}

/* Set used[j] = v; under FEWEST, j turning full or open again covers or uncovers it. */
void set_used(Memo *m, int j, int v) {
    if (m->choice == FEWEST) {
        int was_full = m->used[j] >= m->hi[j], full = v >= m->hi[j];
        if (full && !was_full) { m->used[j] = v; key_item(m, j); memo_cover(m, j); return; }
        if (was_full && !full) memo_uncover(m, j);
    }
    m->used[j] = v;
    key_item(m, j);
}

/* FEWEST's lists for used all 0: every option active, the items that may not be covered
 * at all (hi 0) covered. */
static void reset_lists(Memo *m) {
    if (m->choice != FEWEST) return;
    for (int i = 0; i < m->n_items; i++) m->active[i] = 0;
    for (int o = 0; o < m->n_options; o++)
        for (int t = m->opt_start[o]; t < m->opt_start[o + 1]; t++) {
            int r = m->opt_items[t], at = m->item_start[r] + m->active[r]++;
            m->cells[at] = t; m->where[t] = at; m->option_of[t] = o;
        }
    for (int i = 0; i < m->n_items; i++)
        if (m->used[i] >= m->hi[i]) memo_cover(m, i);
}

/* Choose option o (delta +1) or undo it (-1, in the reverse order), leaving out item
 * skip (-1: none). */
void take_but(Memo *m, int o, int skip, int delta) {
    int first = m->opt_start[o], last = m->opt_start[o + 1];
    for (int k = delta > 0 ? first : last - 1; delta > 0 ? k < last : k >= first; k += delta) {
        int j = m->opt_items[k];
        if (j == skip) continue;
        int c = m->colour ? m->colour[k] : 0;
        if (c == 0) {
            set_used(m, j, m->used[j] + delta);
        } else if (delta > 0 && m->holders[j]++ == 0) {
            m->shade[j] = c;
            key_item(m, j);
            if (m->choice == FEWEST) memo_purify(m, j, c);
        } else if (delta < 0 && --m->holders[j] == 0) {
            if (m->choice == FEWEST) memo_unpurify(m, j, c);
            m->shade[j] = 0;
            key_item(m, j);
        }
    }
}

static inline void take(Memo *m, int o, int delta) { take_but(m, o, -1, delta); }

/* The item to branch on (its position in the order under SWEEP, the item itself under
 * FEWEST, left in *pos; *p reset to 0 for a new item), or SOLVED when every primary item
 * is finished, or DEAD when an item can no longer reach its lower bound (FEWEST). */
int next_item(Memo *m, int *pos, int *p) {
    if (m->choice == SWEEP) {
        while (*pos < m->n_order && m->used[m->order[*pos]] >= m->hi[m->order[*pos]]) {
            (*pos)++; *p = 0;
        }
        return *pos == m->n_order ? SOLVED : m->order[*pos];
    }
    if (*p > 0 && m->used[*pos] < m->hi[*pos]) return *pos;  /* still deciding it */
    int best = SOLVED, best_score = 0;
    for (int k = 0; k < m->n_order; k++) {
        int i = m->order[k];
        if (m->used[i] >= m->hi[i]) continue;
        int need = m->lo[i] - m->used[i];
        if (need > 0 && m->active[i] < need) return DEAD;
        int score = m->active[i] + (need <= 0);  /* the branches: options, and closing i */
        if (best == SOLVED || score < best_score) { best = i; best_score = score; }
    }
    *p = 0;
    *pos = best;
    return best;
}

static inline count128 add(Memo *m, count128 a, count128 b) {
    count128 c = a + b;
    if (c < a) m->overflow = 1;
    return c;
}

/* The count after choosing option o (at pointer p of the current item). */
count128 memo_after(Memo *m, int o, int pos, int p) {
    take(m, o, +1);
    count128 c = memo_search(m, pos, p);
    take(m, o, -1);
    return c;
}

static count128 memo_node(Memo *m, int pos, int p);

count128 memo_search(Memo *m, int pos, int p) {
    if (++m->depth > MEMO_MAX_DEPTH) { m->stop = MEMO_TOO_DEEP; m->depth--; return 0; }
    count128 c = memo_node(m, pos, p);
    m->depth--;
    return c;
}

static count128 memo_node(Memo *m, int pos, int p) {
    int i = next_item(m, &pos, &p);
    if (i == SOLVED) return 1;
    if (i == DEAD || m->stop) return 0;
    if ((++m->nodes & m->check_mask) == 0) {
        int reason = time_to_stop(m->deadline, &m->tstate);
        if (reason >= 0) { m->stop = reason; return 0; }
    }
    pack_key(m, pos, p);
    const unsigned char *key = lookup_key(m, pos);
    uint64_t h = hash_key(key, m->key_bytes);
    unsigned char *slot = find_slot(m, key, h);
    uint64_t sh;
    memcpy(&sh, slot, 8);
    if (sh != 0) {
        count128 c;
        memcpy(&c, slot + 8, 16);
        m->hits++;
        return c;
    }
    m->misses++;
    long long start_nodes = m->nodes;
    count128 total = 0;
    int first = m->item_start[i], last = m->item_start[i + 1];
    if (m->hi[i] == 1 && m->choice == FEWEST) {
        /* i covered first, so that nothing below touches its list: then each of its
         * compatible options with its other items, then (lo == 0) none of them */
        set_used(m, i, 1);
        for (int k = first; k < first + m->active[i] && !m->stop; k++) {
            int o = m->option_of[m->cells[k]];
            take_but(m, o, i, +1);
            total = add(m, total, memo_search(m, pos, 0));
            take_but(m, o, i, -1);
        }
        if (m->lo[i] == 0 && !m->stop) total = add(m, total, memo_search(m, pos, 0));
        set_used(m, i, 0);
    } else if (m->hi[i] == 1) {
        for (int k = first; k < last && !m->stop; k++) {
            int o = m->item_opts[k];
            if (compatible(m, o)) total = add(m, total, memo_after(m, o, pos, 0));
        }
        if (m->lo[i] == 0 && !m->stop) {
            int saved = m->used[i];
            set_used(m, i, m->hi[i]);
            total = add(m, total, memo_search(m, pos, 0));
            set_used(m, i, saved);
        }
    } else if (first + p < last) {
        int o = m->item_opts[first + p];
        total = memo_search(m, pos, p + 1);
        if (compatible(m, o) && !m->stop) total = add(m, total, memo_after(m, o, pos, p + 1));
    } else if (m->used[i] >= m->lo[i]) {
        int saved = m->used[i];
        set_used(m, i, m->hi[i]);
        total = memo_search(m, pos, 0);
        set_used(m, i, saved);
    }
    if (m->stop) return total;  /* a partial sum: a lower bound, never stored */
    make_room(m);
    pack_key(m, pos, p);  /* the key buffer was reused below */
    key = lookup_key(m, pos);
    slot = find_slot(m, key, h);
    uint64_t work = (uint64_t)(m->nodes - start_nodes);
    memcpy(slot, &h, 8);
    memcpy(slot + 8, &total, 16);
    memcpy(slot + 24, &work, 8);
    memcpy(slot + SLOT_HEAD, key, (size_t)m->key_bytes);
    m->stored++;
    return total;
}

/* ---- setting up ------------------------------------------------------------------- */

#define MOST_MASK_BYTES (64u << 20)  /* positions times key bytes, past which no masks */

/* The masks of "Items behind the sweep": row pos clears each secondary item whose options
 * all start before pos.  None where no item dies before the end, or past MOST_MASK_BYTES.
 * -1: no memory. */
static int prepare_masks(Memo *m, const int *secondary) {
    size_t rows = (size_t)m->n_order, width = (size_t)m->key_bytes;
    if (rows == 0 || rows * width > MOST_MASK_BYTES) return 0;
    int *pos_of = malloc(((size_t)m->n_items + 1) * sizeof(int));
    int *last = malloc(((size_t)m->n_items + 1) * sizeof(int));
    if (!pos_of || !last) { free(pos_of); free(last); return -1; }
    for (int i = 0; i < m->n_items; i++) pos_of[i] = m->n_order, last[i] = m->n_order;
    for (int k = 0; k < m->n_order; k++) pos_of[m->order[k]] = k;
    for (int i = 0; i < m->n_items; i++) if (secondary[i]) last[i] = -1;
    for (int o = 0; o < m->n_options; o++) {
        int first = m->n_order;  /* where the option may be chosen: its first item's place */
        for (int k = m->opt_start[o]; k < m->opt_start[o + 1]; k++)
            if (pos_of[m->opt_items[k]] < first) first = pos_of[m->opt_items[k]];
        for (int k = m->opt_start[o]; k < m->opt_start[o + 1]; k++) {
            int j = m->opt_items[k];
            if (secondary[j] && first > last[j]) last[j] = first;
        }
    }
    int dies = 0;
    for (int i = 0; i < m->n_items; i++) dies |= secondary[i] && last[i] < m->n_order - 1;
    if (dies) {
        m->mask = malloc(rows * width);
        m->lookup = malloc(width);
        if (!m->mask || !m->lookup) { free(pos_of); free(last); return -1; }
        for (size_t pos = 0; pos < rows; pos++) {
            unsigned char *row = m->mask + pos * width;
            memset(row, 0xFF, width);
            for (int i = 0; i < m->n_items; i++) {
                if (!secondary[i] || last[i] >= (int)pos) continue;
                if (m->bit_of[i] >= 0)
                    row[m->bit_of[i] >> 3] &= (unsigned char)~(1u << (m->bit_of[i] & 7));
                else
                    memset(row + m->word_of[i], 0, sizeof(int));
            }
        }
    }
    free(pos_of); free(last);
    return 0;
}

int memo_prepare(Memo *m, const int *secondary, double memory_bytes) {
    size_t total_len = (size_t)m->opt_start[m->n_options];
    m->check_mask = check_mask_for(m->n_items);
    for (int i = 0; i < m->n_items; i++)
        if (secondary[i]) { m->lo[i] = 0; m->hi[i] = 1; }
    m->item_start = calloc((size_t)m->n_items + 2, sizeof(int));
    m->item_opts = calloc(total_len + 1, sizeof(int));
    m->used = calloc((size_t)m->n_items + 1, sizeof(int));
    m->bit_of = calloc((size_t)m->n_items + 1, sizeof(int));
    m->word_of = calloc((size_t)m->n_items + 1, sizeof(int));
    int *fill = calloc((size_t)m->n_items + 1, sizeof(int));
    if (!m->item_start || !m->item_opts || !m->used || !m->bit_of || !m->word_of || !fill) {
        free(fill);
        return -1;
    }
    for (size_t k = 0; k < total_len; k++) m->item_start[m->opt_items[k] + 1]++;
    for (int i = 0; i < m->n_items; i++) m->item_start[i + 1] += m->item_start[i];
    for (int o = 0; o < m->n_options; o++)  /* each item's options, increasing */
        for (int k = m->opt_start[o]; k < m->opt_start[o + 1]; k++) {
            int j = m->opt_items[k];
            m->item_opts[m->item_start[j] + fill[j]++] = o;
        }
    free(fill);
    m->saturate = calloc((size_t)m->n_items + 1, sizeof(int));
    if (!m->saturate) return -1;
    for (int i = 0; i < m->n_items; i++)  /* see "Bounds that cannot bind" */
        m->saturate[i] = m->hi[i] > 1 && m->hi[i] >= m->item_start[i + 1] - m->item_start[i]
                         ? m->lo[i] : -1;
    if (m->colour) {
        m->shade = calloc((size_t)m->n_items + 1, sizeof(int));
        m->holders = calloc((size_t)m->n_items + 1, sizeof(int));
        m->coloured = calloc((size_t)m->n_items + 1, 1);
        if (!m->shade || !m->holders || !m->coloured) return -1;
        for (size_t k = 0; k < total_len; k++)
            if (m->colour[k]) m->coloured[m->opt_items[k]] = 1;
    }
    /* the key: a bit per plain item with hi == 1, a word per other item, then p and i */
    int bits = 0, words = 0;
    for (int i = 0; i < m->n_items; i++) {
        int word = m->hi[i] != 1 || (m->coloured && m->coloured[i]);
        if (!word) { m->bit_of[i] = bits++; m->word_of[i] = -1; }
        else m->bit_of[i] = -1;
    }
    for (int i = 0; i < m->n_items; i++)
        if (m->bit_of[i] < 0) m->word_of[i] = (bits + 7) / 8 + 4 * words++;
    m->key_bytes = (bits + 7) / 8 + 4 * words + 2 * (int)sizeof(int);
    m->key = calloc((size_t)m->key_bytes, 1);
    if (m->choice == SWEEP && prepare_masks(m, secondary) < 0) return -1;
    m->slot_bytes = (SLOT_HEAD + (size_t)m->key_bytes + 7) / 8 * 8;
    m->max_slots = (size_t)(memory_bytes / (double)m->slot_bytes);
    m->capacity = 1024;
    if (m->max_slots < m->capacity) m->max_slots = m->capacity;  /* the least table */
    m->peak_slots = m->capacity;
    m->slots = table_alloc(m->capacity, m->slot_bytes);
    m->spare = malloc(m->slot_bytes);
    m->active = calloc((size_t)m->n_items + 1, sizeof(int));
    m->cells = calloc(total_len + 1, sizeof(int));
    m->where = calloc(total_len + 1, sizeof(int));
    m->option_of = calloc(total_len + 1, sizeof(int));
    if (!m->key || !m->slots || !m->spare || !m->active || !m->cells || !m->where
        || !m->option_of) return -1;
    reset_lists(m);
    return 0;
}

void memo_restart(Memo *m) {
    memset(m->used, 0, (size_t)m->n_items * sizeof(int));
    memset(m->key, 0, (size_t)m->key_bytes);
    if (m->colour) {
        memset(m->shade, 0, (size_t)m->n_items * sizeof(int));
        memset(m->holders, 0, (size_t)m->n_items * sizeof(int));
    }
    reset_lists(m);
}

void memo_free(Memo *m) {
    free(m->lo); free(m->hi); free(m->used); free(m->saturate); free(m->order);
    free(m->bit_of); free(m->mask); free(m->lookup);
    free(m->word_of); free(m->opt_start); free(m->opt_items); free(m->item_start);
    free(m->item_opts); table_free(m->slots, m->capacity, m->slot_bytes); free(m->key);
    free(m->spare);
    free(m->active); free(m->cells); free(m->where); free(m->option_of);
    free(m->colour); free(m->shade); free(m->holders); free(m->coloured);
}
