/*
 * diagram.c -- the zero-suppressed decision diagram (ZDD) of all solutions, built along
 * the memo engine's sweep.
 *
 * The memo counter keeps one number per sub-problem; this file keeps the sub-problem's
 * family of solutions instead, as a node of a ZDD, so that everything asked after a count
 * (marginals, conditioned and weighted counts, samples) is one pass over the nodes
 * (cpuzzler/diagram.py does those passes).  The construction is Knuth's "dancing with
 * decision diagrams", with bounds as the memo engine takes them.
 *
 * State.  The set of FINISHED items, a bit per item (primary and secondary alike), in
 * `words` 64-bit words: an item with hi == 1 once covered, a COUNTED item (hi > 1) once
 * covered hi times or closed; no option holding a finished item may be chosen.  Then the
 * counted items' counts (16 bits each) and p, below.  Branching item: the first primary
 * item of the sweep (`order`) not finished.  Every option still to be chosen that holds
 * it holds no item of the sweep before it (those are finished), so its FIRST POSITION in
 * the sweep is the branching item's.  The options are grouped by first position
 * (`chain`), each group in increasing option order, and the diagram's variables are
 * ordered by (first position, option): along any path of the search the options chosen
 * increase, as a ZDD's variables must.
 *
 * Branching.  An item with lo == hi == 1 is covered by exactly one option of its group:
 * the chain below.  Any other primary item decides its group's options one at a time,
 * p of them decided so far (p is in the state): option p left out, or taken where it
 * may be (a node with those two children); past the last, the item is closed when
 * covered at least lo times, else the state has no solution.
 *
 * Nodes.  A node is (option, lo, hi): the family lo, together with option added to each
 * set of the family hi.  Node 0 is the empty family, node 1 the family holding only the
 * empty set.  The family of a state whose branching item is at position q is a chain
 * built from the end of q's group: for each compatible option o, taken in decreasing
 * order, node(o, chain so far, family of the state with o's items added).  A node whose
 * hi is 0 is its lo (zero suppression), and equal triples are one node (the unique
 * table), so the diagram is reduced as it is built, children always before parents.
 *
 * Tables.  States: open addressing with linear probing, each slot the state's words and
 * its node (-1: empty); grown at half full.  Unique table: open addressing of node
 * numbers, keyed by the triple.  Both stay within memory_bytes with the node arrays; past
 * it the build stops with no_memory set, never overrunning.
 *
 * Stopping.  Every check_mask + 1 states the clock and Ctrl-C are looked at; a stop
 * unwinds at once and the diagram is not returned.
 */
#include "xc.h"

typedef struct {
    int n_items, n_options, n_order, words, key_words, max_depth;
    const int *order;          /* the primary items in sweep order */
    const int *lo, *hi;        /* per item its bounds */
    const int *opt_start, *opt_items;
    int *slot;                 /* per item its count's place, -1 unless counted */
    int slot_p;                /* the key word holding p, -1 where every item is 1:1 */
    int *chain_start, *chain;  /* per sweep position, the options whose first item it is */
    uint64_t *masks;           /* per option, its items as bits (words each) */
    uint64_t *stack;           /* per depth, the state being built (key_words each) */
    uint64_t *state_keys;      /* the states table: state_cap slots of key_words each */
    int32_t *state_node;       /* ... and each slot's node, -1 where empty */
    size_t state_cap, state_used;
    int32_t *node_opt, *node_lo, *node_hi;
    size_t n_nodes, node_cap;
    int32_t *unique;           /* the unique table: node numbers, 0 where empty */
    size_t unique_cap;
    double deadline, memory_bytes;
    PyThreadState *tstate;
    long long states, check_mask;
    int stop, no_memory;
} Builder;

static uint64_t mix(uint64_t h) {
    h ^= h >> 31; h *= 0x7fb5d329728ea185ULL; h ^= h >> 27; h *= 0x81dadef4bc2dd44dULL;
    return h ^ (h >> 33);
}

static uint64_t hash_state(const uint64_t *w, int words) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int k = 0; k < words; k++) h = mix(h ^ w[k]);
    return h;
}

static uint64_t hash_node(int32_t o, int32_t lo, int32_t hi) {
    return mix(((uint64_t)(uint32_t)o << 40) ^ ((uint64_t)(uint32_t)lo << 20) ^ (uint32_t)hi
               ^ ((uint64_t)(uint32_t)hi << 44));
}

/* The bytes every table would hold with the states table at `states` slots, the node
 * arrays at `nodes` and the unique table at `unique` slots. */
static double bytes_for(const Builder *b, size_t states, size_t nodes, size_t unique) {
    return (double)states * (8.0 * b->key_words + 4) + 12.0 * (double)nodes + 4.0 * (double)unique;
}

static int grow_states(Builder *b) {
    size_t cap = b->state_cap * 2;
    if (bytes_for(b, cap + b->state_cap, b->node_cap, b->unique_cap) > b->memory_bytes) {
        b->no_memory = 1;
        return -1;
    }
    uint64_t *keys = malloc(cap * (size_t)b->key_words * sizeof(uint64_t));
    int32_t *node = malloc(cap * sizeof(int32_t));
    if (!keys || !node) { free(keys); free(node); b->no_memory = 1; return -1; }
    memset(node, 0xff, cap * sizeof(int32_t));
    for (size_t s = 0; s < b->state_cap; s++) {
        if (b->state_node[s] < 0) continue;
        const uint64_t *w = b->state_keys + s * (size_t)b->key_words;
        size_t t = hash_state(w, b->key_words) & (cap - 1);
        while (node[t] >= 0) t = (t + 1) & (cap - 1);
        memcpy(keys + t * (size_t)b->key_words, w, (size_t)b->key_words * sizeof(uint64_t));
        node[t] = b->state_node[s];
    }
    free(b->state_keys); free(b->state_node);
    b->state_keys = keys; b->state_node = node; b->state_cap = cap;
    return 0;
}

/* The slot of state w: where it is, or the empty slot where it goes. */
static size_t state_slot(const Builder *b, const uint64_t *w) {
    size_t s = hash_state(w, b->key_words) & (b->state_cap - 1);
    while (b->state_node[s] >= 0 &&
           memcmp(b->state_keys + s * (size_t)b->key_words, w, (size_t)b->key_words * 8) != 0)
        s = (s + 1) & (b->state_cap - 1);
    return s;
}

static int grow_unique(Builder *b) {
    size_t cap = b->unique_cap * 2;
    if (bytes_for(b, b->state_cap, b->node_cap, cap + b->unique_cap) > b->memory_bytes) {
        b->no_memory = 1;
        return -1;
    }
    int32_t *table = calloc(cap, sizeof(int32_t));
    if (!table) { b->no_memory = 1; return -1; }
    for (size_t s = 0; s < b->unique_cap; s++) {
        int32_t k = b->unique[s];
        if (!k) continue;
        size_t t = hash_node(b->node_opt[k], b->node_lo[k], b->node_hi[k]) & (cap - 1);
        while (table[t]) t = (t + 1) & (cap - 1);
        table[t] = k;
    }
    free(b->unique);
    b->unique = table; b->unique_cap = cap;
    return 0;
}

static int grow_nodes(Builder *b) {
    size_t cap = b->node_cap * 2;
    if (cap > INT32_MAX ||
        bytes_for(b, b->state_cap, cap, b->unique_cap) > b->memory_bytes) {
        b->no_memory = 1;
        return -1;
    }
    int32_t *o = realloc(b->node_opt, cap * sizeof(int32_t));
    if (o) b->node_opt = o;
    int32_t *l = realloc(b->node_lo, cap * sizeof(int32_t));
    if (l) b->node_lo = l;
    int32_t *h = realloc(b->node_hi, cap * sizeof(int32_t));
    if (h) b->node_hi = h;
    if (!o || !l || !h) { b->no_memory = 1; return -1; }
    b->node_cap = cap;
    return 0;
}

/* The node (o, lo, hi), reduced: lo where hi is empty, the existing node where there is
 * one.  -1 when out of memory. */
static int32_t make_node(Builder *b, int32_t o, int32_t lo, int32_t hi) {
    if (hi == 0) return lo;
    size_t s = hash_node(o, lo, hi) & (b->unique_cap - 1);
    for (int32_t k; (k = b->unique[s]) != 0; s = (s + 1) & (b->unique_cap - 1))
        if (b->node_opt[k] == o && b->node_lo[k] == lo && b->node_hi[k] == hi) return k;
    if (b->n_nodes == b->node_cap && grow_nodes(b) < 0) return -1;
    int32_t k = (int32_t)b->n_nodes++;
    b->node_opt[k] = o; b->node_lo[k] = lo; b->node_hi[k] = hi;
    b->unique[s] = k;
    if (2 * b->n_nodes > b->unique_cap && grow_unique(b) < 0) return -1;
    return k;
}

static inline uint16_t *counts_of(const Builder *b, uint64_t *state) {
    return (uint16_t *)(state + b->words);
}

/* next := state with option o taken: its items finished, or counted (finished at hi). */
static void take(const Builder *b, const uint64_t *state, uint64_t *next, int o) {
    memcpy(next, state, (size_t)b->key_words * 8);
    uint16_t *count = counts_of(b, next);
    for (int e = b->opt_start[o]; e < b->opt_start[o + 1]; e++) {
        int i = b->opt_items[e];
        if (b->slot[i] >= 0 && ++count[b->slot[i]] < b->hi[i]) continue;
        next[i >> 6] |= 1ULL << (i & 63);
    }
}

static int fits(const Builder *b, const uint64_t *state, int o) {
    const uint64_t *mask = b->masks + (size_t)o * b->words;
    for (int k = 0; k < b->words; k++)
        if (state[k] & mask[k]) return 0;
    return 1;
}

/* The family of the state at stack depth `depth`, its first open sweep position at
 * `from` or later; -1 on a stop. */
static int32_t build(Builder *b, int depth, int from) {
    const int kw = b->key_words;
    uint64_t *state = b->stack + (size_t)depth * kw;
    int q = from;
    while (q < b->n_order && (state[b->order[q] >> 6] >> (b->order[q] & 63) & 1)) q++;
    if (q == b->n_order) return 1;
    size_t slot = state_slot(b, state);
    if (b->state_node[slot] >= 0) return b->state_node[slot];
    if ((++b->states & b->check_mask) == 0) {
        int reason = time_to_stop(b->deadline, &b->tstate);
        if (reason >= 0) { b->stop = reason; return -1; }
    }
    if (depth + 2 >= b->max_depth) { b->stop = DIAGRAM_TOO_DEEP; return -1; }
    uint64_t *next = state + kw;
    int i = b->order[q];
    int32_t family = 0;
    if (b->lo[i] == 1 && b->hi[i] == 1) {  /* one option of the group covers i: a chain */
        for (int c = b->chain_start[q + 1] - 1; c >= b->chain_start[q]; c--) {
            int o = b->chain[c];
            if (!fits(b, state, o)) continue;
            take(b, state, next, o);
            if (b->slot_p >= 0) next[b->slot_p] = 0;
            int32_t high = build(b, depth + 1, q + 1);
            if (high < 0) return -1;
            family = make_node(b, o, family, high);
            if (family < 0) return -1;
        }
    } else {
        uint64_t p = b->slot_p >= 0 ? state[b->slot_p] : 0;
        int c = b->chain_start[q] + (int)p;
        if (c == b->chain_start[q + 1]) {  /* every option decided: close i */
            int have = b->slot[i] >= 0 ? counts_of(b, state)[b->slot[i]] : 0;
            if (have >= b->lo[i]) {
                memcpy(next, state, (size_t)kw * 8);
                next[i >> 6] |= 1ULL << (i & 63);
                next[b->slot_p] = 0;
                family = build(b, depth + 1, q + 1);
                if (family < 0) return -1;
            }
        } else {  /* option c left out, or taken */
            int o = b->chain[c];
            memcpy(next, state, (size_t)kw * 8);
            next[b->slot_p] = p + 1;
            family = build(b, depth + 1, q);
            if (family < 0) return -1;
            if (fits(b, state, o)) {
                take(b, state, next, o);
                next[b->slot_p] = (next[i >> 6] >> (i & 63) & 1) ? 0 : p + 1;
                int32_t high = build(b, depth + 1, q);
                if (high < 0) return -1;
                family = make_node(b, o, family, high);
                if (family < 0) return -1;
            }
        }
    }
    if (2 * (b->state_used + 1) > b->state_cap && grow_states(b) < 0) return -1;
    slot = state_slot(b, state);  /* the table may have grown, or been filled below */
    memcpy(b->state_keys + slot * (size_t)kw, state, (size_t)kw * 8);
    b->state_node[slot] = family;
    b->state_used++;
    return family;
}

int diagram_build(int n_items, int n_options, const int *lo, const int *hi,
                  const int *opt_start, const int *opt_items, const int *order, int n_order,
                  double memory_bytes, double deadline, DiagramOut *out) {
    Builder b;
    memset(&b, 0, sizeof b);
    memset(out, 0, sizeof *out);
    b.n_items = n_items; b.n_options = n_options; b.order = order; b.n_order = n_order;
    b.lo = lo; b.hi = hi; b.opt_start = opt_start; b.opt_items = opt_items;
    b.words = (n_items + 63) / 64 > 0 ? (n_items + 63) / 64 : 1;
    b.slot = malloc(((size_t)n_items + 1) * sizeof(int));
    if (!b.slot) { out->no_memory = 1; return -1; }
    int counted = 0, deciding = 0;
    for (int i = 0; i < n_items; i++) b.slot[i] = hi[i] > 1 ? counted++ : -1;
    for (int q = 0; q < n_order; q++) deciding |= !(lo[order[q]] == 1 && hi[order[q]] == 1);
    b.key_words = b.words + (counted + 3) / 4;
    b.slot_p = deciding ? b.key_words++ : -1;
    b.max_depth = n_order + n_options + 3 < DIAGRAM_MAX_DEPTH ? n_order + n_options + 3
                                                               : DIAGRAM_MAX_DEPTH;
    b.memory_bytes = memory_bytes; b.deadline = deadline;
    b.check_mask = check_mask_for(n_items);
    int *position = malloc(((size_t)n_items + 1) * sizeof(int));
    b.chain_start = calloc((size_t)n_order + 2, sizeof(int));
    b.chain = malloc(((size_t)n_options + 1) * sizeof(int));
    int *first = malloc(((size_t)n_options + 1) * sizeof(int));
    b.masks = calloc((size_t)n_options * b.words + 1, sizeof(uint64_t));
    b.stack = calloc((size_t)b.max_depth * b.key_words, sizeof(uint64_t));
    b.state_cap = 1024; b.unique_cap = 1024; b.node_cap = 1024;
    b.state_keys = malloc(b.state_cap * (size_t)b.key_words * sizeof(uint64_t));
    b.state_node = malloc(b.state_cap * sizeof(int32_t));
    b.unique = calloc(b.unique_cap, sizeof(int32_t));
    b.node_opt = malloc(b.node_cap * sizeof(int32_t));
    b.node_lo = malloc(b.node_cap * sizeof(int32_t));
    b.node_hi = malloc(b.node_cap * sizeof(int32_t));
    int rc = -1;
    if (!position || !b.chain_start || !b.chain || !first || !b.masks || !b.stack ||
        !b.state_keys || !b.state_node || !b.unique || !b.node_opt || !b.node_lo ||
        !b.node_hi) {
        b.no_memory = 1;
        goto done;
    }
    memset(b.state_node, 0xff, b.state_cap * sizeof(int32_t));
    for (int i = 0; i < n_items; i++) position[i] = n_order;
    for (int q = 0; q < n_order; q++) position[order[q]] = q;
    for (int o = 0; o < n_options; o++) {  /* group the options by first position */
        first[o] = n_order;
        for (int e = opt_start[o]; e < opt_start[o + 1]; e++) {
            int i = opt_items[e];
            b.masks[(size_t)o * b.words + (i >> 6)] |= 1ULL << (i & 63);
            if (position[i] < first[o]) first[o] = position[i];
        }
        b.chain_start[first[o] + 1]++;
    }
    for (int q = 0; q <= n_order; q++) b.chain_start[q + 1] += b.chain_start[q];
    {
        int *fill = position;  /* reused: the next free place of each group */
        for (int q = 0; q <= n_order; q++) fill[q] = b.chain_start[q];
        for (int o = 0; o < n_options; o++)
            if (first[o] < n_order) b.chain[fill[first[o]]++] = o;
    }
    for (int i = 0; i < n_items; i++)  /* an item no option may cover is finished */
        if (hi[i] == 0) b.stack[i >> 6] |= 1ULL << (i & 63);
    b.node_opt[0] = b.node_opt[1] = -1;
    b.node_lo[0] = b.node_hi[0] = 0;
    b.node_lo[1] = b.node_hi[1] = 1;
    b.n_nodes = 2;
    b.tstate = PyEval_SaveThread();
    int32_t root = build(&b, 0, 0);
    PyEval_RestoreThread(b.tstate);
    out->stop = b.stop;
    out->states = b.states;
    out->peak_bytes = bytes_for(&b, b.state_cap, b.node_cap, b.unique_cap);
    if (root < 0) goto done;
    out->root = root;
    out->n_nodes = b.n_nodes;
    out->opt = b.node_opt; out->lo = b.node_lo; out->hi = b.node_hi;
    b.node_opt = b.node_lo = b.node_hi = NULL;  /* handed over */
    rc = 0;
done:
    out->no_memory = b.no_memory;
    free(position); free(b.chain_start); free(b.chain); free(first); free(b.masks);
    free(b.stack); free(b.state_keys); free(b.state_node); free(b.unique);
    free(b.node_opt); free(b.node_lo); free(b.node_hi); free(b.slot);
    return rc;
}
