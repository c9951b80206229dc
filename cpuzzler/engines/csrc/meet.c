/*
 * meet.c -- meeting in the middle: the frontier count of a board that maps onto itself
 * under a half turn, from the layers of its first half.
 *
 * The setting.  The frontier counter (frontier.c) sweeps the places 0 .. n-1 of a board
 * (its CELLS, a prefix of the sweep order; the pieces come after them) and decides each
 * option at its FIRST place.  Here the board is SYMMETRIC: the map that sends place p to
 * n-1-p and fixes every other item sends each option onto an option (a rectangle or a
 * parallelogram swept column by column, under its half turn; the caller checks this).
 * Every item is a bit covered exactly once (bit mode, lo = hi = 1).
 *
 * The cut.  Let m = ceil(n/2) and L = n-1-m (so L < m).  A tiling T splits into
 * A = its options of first place below m and B = the rest.  A covers every place below m
 * and a set C of places from m on; it is one of the states the layers from m on hold
 * once layer m-1 is processed, counted F(A's state) ways.  B covers exactly the places
 * from m on outside C, with the pieces A did not use.  Its image B' under the half turn
 * covers exactly X = {0 .. L} minus D, D the image of C, with those pieces, and every
 * option of B' lies within 0 .. L.  So the count is the sum over the states s held at the
 * middle of F(s) times G(X(s)), G(X) the number of sets of options covering exactly X:
 * the half turn turns the second half of the sweep into a question about the first.
 *
 * The gap.  The layers do not hold G: a state of layer q covers every place below q,
 * while X has holes (D) near its end.  Let q be the first place of D (L+1 where D is
 * empty).  A set covering X splits into its options of first place below q, which cover
 * X minus the cells Y covers and are counted by layer q (q itself is open there: a state
 * of layer q), and Y, its options of first place q or later, which lie in the GAP, the
 * few places of X from q to L.  So G(X) is the sum, over the sets Y of disjoint options
 * of first place in q .. L inside X, of layer q's count for X minus Y's cells; the sets
 * Y are found by a short search (each place of the gap is left to the options before q,
 * or taken by an option of first place there).  The layers q0 .. L+1 that the lookups
 * read are kept when processed (q0 = n-1-reach, reach the last place an option of first
 * place below m covers, bounds D from below), so the memory is those layers more.
 *
 * Lookups.  Most sets Y leave cells that no state of layer q covers (nine in ten on
 * the pentominoes 6x10): the cells of every kept state are gathered once, by layer,
 * and a set Y is kept only where its cells are among them.  A set Y depends on the
 * holes alone, not on the pieces, so the sets of each pattern of holes are searched and
 * sifted once, and a state of the middle only looks up those whose pieces A left free.
 *
 * Canonical states.  The layers drop a state whose item is expired while uncovered (no
 * option left can cover it) and mark expired items finished.  A lookup asks for states
 * with uncovered items that the whole problem would drop: the holes D, the places past
 * L, the pieces A used.  So the method applies only where none of those can be expired
 * where it is asked: every place p in q0 .. L is the first place of some option, and
 * every place past L and every piece is covered by an option of first place past L.
 * Otherwise (and for problems that are not of the kind) *applies is 0 and nothing is
 * done: the caller counts with the whole sweep.
 *
 * On disk.  The same steps serve layers kept as files (engines/frontier/disk.py):
 * meet_open and meet_plan say which layers to keep, meet_add_shapes gathers the cells of
 * a kept layer's shard, and meet_join hands each lookup to a function, which there
 * writes it to a file by the kept layer and shard it reads instead of reading it.  On a
 * cluster each machine holds the kept shards it owns: meet_shapes_out hands the cells it
 * gathered to the others, meet_shapes_in takes theirs, so that each sees them all.  A
 * lookup never asks for a state covering a place past L, and most kept states do (nine
 * in ten of the pentominoes 5x12's, 96 in 100 of the 6x10's): only the USEFUL ones
 * (meet_useful) are kept, on disk and in memory (frontier.c moves them into a smaller
 * table once the kept layer is processed): at those shares the pentahexes 5x22's kept
 * layers (35 to 55, some ten billion states, 100 GB and more of files) take a few GB.
 *
 * Measured (in memory, one core, against the whole sweep): the heptiamonds 3x28 in 69 s
 * instead of 117 s (145 million states processed instead of 373 million; 2.4 times the
 * peak memory while the kept layers were kept whole), the pentominoes 5x12 and 6x10 1.6
 * and 1.4 times as fast (the 6x10 at 17 MB, the whole sweep 23); the polyhexes 1-4 in
 * 4x10 and 5x8 (short boards, small pieces filling a gap many ways) no faster.
 */
#include "xc.h"

/* The sets Y of one pattern of holes D: the same for every state of the middle with
 * the cells C that D is the image of (there are far fewer such patterns than states: a
 * search per state had taken longer than the half of the sweep it saved). */
typedef struct {
    Bits holes;
    int q;                  /* the first hole (L+1: none), the layer looked up */
    int filled;             /* 0: an empty entry of the table */
    size_t start, count;    /* its sets Y: pool[start .. start+count) */
} Gap;

struct Meet {
    Frontier *f;
    int cells, middle, last, from;  /* n, m, L, and q0: the kept layers are q0 .. L+1 */
    int *option_last;       /* per first_opts entry: the last cell place it covers */
    Bits want;              /* while a pattern is searched: X's cells, and every piece */
    Gap *gaps;              /* open addressing by the holes, doubled at half full */
    size_t gap_capacity, n_gaps;
    Bits *pool;             /* the sets Y (the cells and pieces of their options) */
    size_t pool_size, pool_capacity;
    Gap *shapes;            /* the cells of the kept layers' states, by layer (in q) */
    size_t shape_capacity, n_shapes;
    Bits cell_mask;         /* places 0 .. n-1 */
    int no_memory;
};

static inline int bit_of(const Bits *b, int i) { return (int)(b->w[i >> 6] >> (i & 63) & 1); }

static int top_cell(const Bits *b, int cells) {
    for (int p = cells - 1; p >= 0; p--)
        if (bit_of(b, p)) return p;
    return -1;
}

static void pool_add(Meet *m, const Bits *y) {
    if (m->pool_size == m->pool_capacity) {
        size_t capacity = m->pool_capacity ? 2 * m->pool_capacity : 1024;
        Bits *pool = realloc(m->pool, capacity * sizeof *pool);
        if (!pool) { m->no_memory = 1; return; }
        m->pool = pool; m->pool_capacity = capacity;
    }
    m->pool[m->pool_size++] = *y;
}

/* The sets Y of the gap from place p on (y: what Y covers so far) into the pool; a place
 * is left to the options of first place below q only where layer q's states can hold it
 * covered (live there, or finished). */
static void search_gap(Meet *m, int q, int p, const Bits *y) {
    const Frontier *f = m->f;
    while (p <= m->last && (!bit_of(&m->want, p) || bit_of(y, p))) p++;
    if (p > m->last) { pool_add(m, y); return; }
    if (bit_of(&f->live_bits[q], p) || bit_of(&f->template_bits[q], p)) search_gap(m, q, p + 1, y);
    for (int u = f->first_start[p]; u < f->first_start[p + 1] && !m->no_memory; u++) {
        if (m->option_last[u] > m->last) continue;
        const Bits *o = &f->opt_bits[u];
        uint64_t outside = 0;
        for (int w = 0; w < BITS_WORDS; w++) outside |= o->w[w] & (~m->want.w[w] | y->w[w]);
        if (outside) continue;
        Bits z;
        for (int w = 0; w < BITS_WORDS; w++) z.w[w] = y->w[w] | o->w[w];
        search_gap(m, q, p + 1, &z);
    }
}

static uint64_t holes_hash(const Bits *b) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int w = 0; w < BITS_WORDS; w++) { h = (h ^ b->w[w]) * 0xbf58476d1ce4e5b9ULL; h ^= h >> 31; }
    return h;
}

/* The entry of (bits, q) in an open-addressing table of Gaps (doubled at half full),
 * made empty-but-filled where it is new (*made set); NULL: no memory. */
static Gap *entry(Gap **table, size_t *capacity, size_t *n, const Bits *bits, int q, int *made) {
    if (2 * (*n + 1) > *capacity) {
        size_t grown = *capacity ? 2 * *capacity : 1024;
        Gap *t = calloc(grown, sizeof *t);
        if (!t) return NULL;
        for (size_t k = 0; k < *capacity; k++) {
            if (!(*table)[k].filled) continue;
            size_t at = (holes_hash(&(*table)[k].holes) ^ (uint64_t)(*table)[k].q) & (grown - 1);
            while (t[at].filled) at = (at + 1) & (grown - 1);
            t[at] = (*table)[k];
        }
        free(*table);
        *table = t; *capacity = grown;
    }
    size_t at = (holes_hash(bits) ^ (uint64_t)q) & (*capacity - 1);
    for (; (*table)[at].filled; at = (at + 1) & (*capacity - 1))
        if ((*table)[at].q == q && !memcmp(&(*table)[at].holes, bits, sizeof *bits)) {
            *made = 0;
            return &(*table)[at];
        }
    (*table)[at] = (Gap){*bits, q, 1, 0, 0};
    (*n)++;
    *made = 1;
    return &(*table)[at];
}

/* Whether some state of the kept layer q covers exactly the cells of t. */
static int shape_held(Meet *m, const Bits *t, int q) {
    Bits cells;
    for (int w = 0; w < BITS_WORDS; w++) cells.w[w] = t->w[w] & m->cell_mask.w[w];
    size_t at = (holes_hash(&cells) ^ (uint64_t)q) & (m->shape_capacity - 1);
    for (; m->shapes[at].filled; at = (at + 1) & (m->shape_capacity - 1))
        if (m->shapes[at].q == q && !memcmp(&m->shapes[at].holes, &cells, sizeof cells)) return 1;
    return 0;
}

int meet_add_shapes(Meet *m, int q) {
    Frontier *f = m->f;
    const Layer *l = &f->layers[q];
    for (size_t s = 0; l->slots && s < l->capacity; s++) {
        const unsigned char *slot = l->slots + s * l->slot_bytes;
        if (!slot_count(l, slot)) continue;
        Bits state;
        frontier_state_bits(f, q, slot + l->head, &state);
        for (int w = 0; w < BITS_WORDS; w++) state.w[w] &= m->cell_mask.w[w];
        int made;
        if (!entry(&m->shapes, &m->shape_capacity, &m->n_shapes, &state, q, &made)) {
            m->no_memory = 1;
            return -1;
        }
    }
    return 0;
}

size_t meet_shapes_out(const Meet *m, unsigned char *out) {
    if (!out) return m->n_shapes;
    for (size_t k = 0; k < m->shape_capacity; k++) {
        const Gap *g = &m->shapes[k];
        if (!g->filled) continue;
        int32_t q = g->q;
        memcpy(out, &q, sizeof q);
        memcpy(out + sizeof q, &g->holes, sizeof g->holes);
        out += MEET_SHAPE_BYTES;
    }
    return m->n_shapes;
}

int meet_shapes_in(Meet *m, const unsigned char *in, size_t n) {
    for (size_t r = 0; r < n; r++, in += MEET_SHAPE_BYTES) {
        int32_t q;
        Bits cells;
        int made;
        memcpy(&q, in, sizeof q);
        memcpy(&cells, in + sizeof q, sizeof cells);
        if (q < m->from || q > m->last + 1) return -2;
        for (int w = 0; w < BITS_WORDS; w++)
            if (cells.w[w] & ~m->cell_mask.w[w]) return -2;
        if (!entry(&m->shapes, &m->shape_capacity, &m->n_shapes, &cells, q, &made)) {
            m->no_memory = 1;
            return -1;
        }
    }
    return 0;
}

/* The entry of the holes D (searched the first time it is met, and its sets Y kept only
 * where a kept state has the cells they leave); NULL: no memory. */
static Gap *gap_of(Meet *m, const Bits *holes, int q) {
    int made;
    Gap *g = entry(&m->gaps, &m->gap_capacity, &m->n_gaps, holes, q, &made);
    if (!g) { m->no_memory = 1; return NULL; }
    if (!made) return g;
    memset(&m->want, 0, sizeof m->want);
    for (int p = 0; p <= m->last; p++)
        if (!bit_of(holes, p)) bit_set(&m->want, p);
    for (int i = m->cells; i < m->f->n_order; i++) bit_set(&m->want, i);
    size_t start = m->pool_size;
    Bits none;
    memset(&none, 0, sizeof none);
    search_gap(m, q, q, &none);
    if (m->no_memory) return NULL;
    size_t kept = start;
    for (size_t k = start; k < m->pool_size; k++) {
        Bits t;
        for (int w = 0; w < BITS_WORDS; w++) t.w[w] = m->want.w[w] & ~m->pool[k].w[w];
        if (shape_held(m, &t, q)) m->pool[kept++] = m->pool[k];
    }
    m->pool_size = kept;
    g->start = start; g->count = kept - start;
    return g;
}

int meet_join(Meet *m, const Bits *s, count128 c, MeetEmit emit, void *context) {
    Frontier *f = m->f;
    int n = m->cells, q = m->last + 1;
    Bits holes, used, x;
    memset(&holes, 0, sizeof holes);
    memset(&used, 0, sizeof used);
    for (int p = m->middle; p < n; p++)
        if (bit_of(s, p)) {  /* in C: its image a hole */
            bit_set(&holes, n - 1 - p);
            if (n - 1 - p < q) q = n - 1 - p;
        }
    for (int i = n; i < f->n_order; i++)
        if (bit_of(s, i)) bit_set(&used, i);  /* the pieces A used */
    Gap *g = gap_of(m, &holes, q);
    if (!g) return -1;
    memset(&x, 0, sizeof x);
    for (int p = 0; p <= m->last; p++)
        if (!bit_of(&holes, p)) bit_set(&x, p);
    for (int i = n; i < f->n_order; i++)
        if (!bit_of(&used, i)) bit_set(&x, i);
    for (size_t k = g->start; k < g->start + g->count; k++) {
        const Bits *y = &m->pool[k];
        uint64_t clash = 0;
        for (int w = 0; w < BITS_WORDS; w++) clash |= y->w[w] & used.w[w];
        if (clash) continue;  /* Y takes a piece A used */
        Bits t;
        for (int w = 0; w < BITS_WORDS; w++) t.w[w] = x.w[w] & ~y->w[w];
        emit(context, q, &t, c);
    }
    return 0;
}

Meet *meet_open(Frontier *f, int cells) {
    int n = cells;
    if (!f->bit_mode || f->n_order != f->n_items || n < 2 || n > f->n_order) return NULL;
    for (int i = 0; i < f->n_items; i++)
        if (f->lo[i] != 1) return NULL;
    Meet *m = calloc(1, sizeof *m);
    if (!m || !(m->option_last = calloc((size_t)f->n_options + 1, sizeof(int)))) {
        free(m);
        f->no_memory = 1;  /* no GIL here for a MemoryError: the caller reports it */
        return NULL;
    }
    m->f = f; m->cells = n; m->middle = (n + 1) / 2; m->last = n - 1 - m->middle;
    int reach = m->middle - 1;
    for (int u = 0; u < f->first_start[f->n_order]; u++) {
        m->option_last[u] = top_cell(&f->opt_bits[u], n);
        if (u < f->first_start[m->middle] && m->option_last[u] > reach) reach = m->option_last[u];
    }
    m->from = n - 1 - reach < 0 ? 0 : n - 1 - reach;
    for (int p = 0; p < n; p++) bit_set(&m->cell_mask, p);
    for (int p = m->from; p < f->n_order; p++) {  /* see Canonical states */
        int expires = f->expire_at[f->order[p]];
        if (p <= m->last ? expires <= p : expires <= m->last + 1) { meet_free(m); return NULL; }
    }
    return m;
}

int meet_useful(const Meet *m, int q, const unsigned char *key) {
    return frontier_covers_none(m->f, q, key, m->last + 1, m->cells);
}

void meet_plan(const Meet *m, int *middle, int *keep_from, int *keep_to) {
    *middle = m->middle; *keep_from = m->from; *keep_to = m->last + 1;
}

void meet_free(Meet *m) {
    if (!m) return;
    free(m->option_last); free(m->gaps); free(m->pool); free(m->shapes);
    free(m);
}

/* In memory, each lookup read from the kept layer at once. */
typedef struct { Frontier *f; count128 sum; int overflow; } Lookups;

static void look_up(void *context, int q, const Bits *t, count128 c) {
    Lookups *a = context;
    count128 product, sum;
    if (__builtin_mul_overflow(c, frontier_lookup_bits(a->f, q, t), &product)) a->overflow = 1;
    sum = a->sum + product;
    if (sum < a->sum) a->overflow = 1;
    a->sum = sum;
    a->f->lookups++;
}

int frontier_meet(Frontier *f, int cells, double deadline, int *applies) {
    Meet *m = meet_open(f, cells);
    *applies = m != NULL;
    if (!m) return R_DONE;
    f->keep_from = m->from; f->keep_to = m->last + 1;
    f->far_from = m->last + 1; f->far_to = m->cells;  /* kept: meet_useful's states only */
    frontier_start(f);
    int reason = frontier_layers(f, m->middle, deadline);
    for (int q = m->from; q <= m->last + 1 && reason == R_DONE && !f->no_memory; q++)
        if (meet_add_shapes(m, q) < 0) f->no_memory = 1;
    Lookups a = {f, 0, 0};
    for (int j = m->middle; j < f->n_order && reason == R_DONE && !f->no_memory; j++) {
        Layer *l = &f->layers[j];
        for (size_t s = 0; l->slots && s < l->capacity; s++) {
            const unsigned char *slot = l->slots + s * l->slot_bytes;
            count128 c = slot_count(l, slot);
            if (!c) continue;
            Bits state;
            frontier_state_bits(f, j, slot + l->head, &state);
            if (meet_join(m, &state, c, look_up, &a) < 0) { f->no_memory = 1; break; }
            if ((++f->states_done & f->check_mask) == 0) {
                int stop = time_to_stop(deadline, &f->tstate);
                if (stop >= 0) { reason = stop; break; }
            }
        }
    }
    count128 total = f->total + a.sum;  /* a lower bound where stopped */
    if (total < f->total || a.overflow) f->overflow = 1;
    f->total = total;
    meet_free(m);
    return reason;
}
