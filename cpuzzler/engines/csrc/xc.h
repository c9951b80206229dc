/*
 * xc.h -- what the C files of cpuzzler's native engine share: the problem as the two
 * search structures hold it, the count type, the reasons a run stops, and the clock.
 *
 *   dlx.c     Algorithm X with dancing links (bounds, secondary items, colours)
 *   bits.c    the same search tree on bitsets, for 1:1 problems of a few thousand options
 *   memo.c    counting by memoised sub-problems (the memo engine)
 *   sample.c  uniform sampling of solutions from the memo engine's table
 *   frontier.c counting breadth-first, layer by layer (the frontier engine)
 *   frontier_layout.c  its tables laid out once, before the count: positions, expiry,
 *             live items, keys, and the bit mode's masks
 *   meet.c    the frontier count of a board its half turn maps onto itself, from its first half
 *   diagram.c the decision diagram (ZDD) of all solutions along the memo engine's sweep
 *   cheapest.c the k cheapest solutions when options have costs (branch and bound, DLX5's
 *             taxes and a bound of our own)
 *   module.c  the Python module _dlx: what the bindings share (bindings.h), their tables
 *   *_py.c    each algorithm's bindings, beside it: dlx_py.c (the Solver type), memo_py.c,
 *             frontier_py.c, meet_py.c, diagram_py.c, cheapest_py.c
 *
 * Every file includes this one first.  Items handed in from Python are numbered from 0;
 * the dancing links number them from 1 (0 is the root of the active list).
 */
#ifndef CPUZZLER_XC_H
#define CPUZZLER_XC_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Why a run returned: the numbers Python sees as _dlx.DONE, LIMIT, TIMEOUT, INTERRUPTED. */
enum { R_DONE = 0, R_LIMIT = 1, R_TIMEOUT = 2, R_INTERRUPTED = 3, R_SPILL = 4 };  /* SPILL: frontier.c */

/* Counts are unsigned 128-bit: an overflow is reported, never wrapped. */
typedef unsigned __int128 count128;

#define CHECK_MASK ((1LL << 13) - 1) /* look at the clock and for Ctrl-C every 8192 nodes */
#define CHECK_WORK (1LL << 24)       /* ... or sooner: every 2^24 item visits, about */

/* The mask of a node count: a node can visit every item (the choice of the item with
 * fewest options), so a problem of many items looks at the clock more often: 8192 nodes
 * for up to 2048 items, down to every node past 16 million items. */
static inline long long check_mask_for(int n_items) {
    long long every = 1;
    while (every < CHECK_MASK + 1 && every * 2 * ((long long)n_items + 1) <= CHECK_WORK)
        every *= 2;
    return every - 1;
}

static inline double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* R_TIMEOUT past the deadline (deadline < 0: none), R_INTERRUPTED on Ctrl-C (the GIL is
 * taken back for a moment to ask Python), else -1.  Searches run without the GIL. */
static inline int time_to_stop(double deadline, PyThreadState **tstate) {
    int reason = -1;
    if (deadline >= 0 && now_seconds() > deadline) reason = R_TIMEOUT;
    PyEval_RestoreThread(*tstate);
    if (PyErr_CheckSignals() != 0) { PyErr_Clear(); reason = R_INTERRUPTED; }
    *tstate = PyEval_SaveThread();
    return reason;
}

/* Allocate n + 1 zeroed elements for ptr, or set MemoryError and return -1. */
#define ALLOC(ptr, n) do { (ptr) = calloc((size_t)(n) + 1, sizeof(*(ptr))); \
    if (!(ptr)) { PyErr_NoMemory(); return -1; } } while (0)

/* Zeroed pages from the kernel, in huge pages where it allows them (a table of hundreds
 * of megabytes probed at random misses the TLB on 4 KB pages); free with munmap. */
unsigned char *pages_alloc(size_t bytes);

static inline int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* ---- the enumerating search: dlx.c and bits.c (see dlx.c for the links) ------------- */

enum { ST_FRESH, ST_AT_FORWARD, ST_AFTER_SOLUTION, ST_FINISHED };
enum { KERNEL_LINKS, KERNEL_BITS };
#define CLOSE_BRANCH (-1)

typedef struct {
    PyObject_HEAD
    int n_items, n_options, n_nodes, max_level;
    int *top, *ulink, *dlink, *option_of;          /* per node */
    int *color;                                    /* per node, or NULL: no colours */
    int *len, *llink, *rlink, *bound, *need;       /* per item */
    char *secondary;                               /* per item */
    int *item_at, *choice_at, *hidden_base;        /* per level */
    char *single_at;                               /* per level */
    int *branches_at, *index_at;                   /* per level: for progress() */
    int *hidden, hidden_top;                       /* stack of excluded options */
    int level, state;
    long long nodes, updates, solutions;
    long long check_mask;                          /* see check_mask_for() */
    int *found, found_len, found_cap;              /* buffered solutions: k, then k options */
    int *scratch;
    /* the bitset kernel: see bits.c */
    int kernel, words;
    int *opt_start, *opt_item;                     /* option o: opt_item[opt_start[o]..] */
    uint64_t *item_opts;                           /* per item: bitset of its options */
    uint64_t *live;                                /* per level: live options */
    int *count;                                    /* per level, per item: live options */
    /* a randomised first-solution search (either kernel): see dlx.c, "Randomness" */
    uint64_t rng;                                  /* 0: ties go to the first item */
    int *start_at;                                 /* per level: the option tried first */
    long long restart_unit, restart_at, restarts;  /* Luby's schedule in nodes; 0: none */
    int *rank;                                     /* per item, or NULL: see dlx.c, "Rank" */
} Solver;

/* Count a search node; every check_mask + 1 nodes, see whether to stop.  On a stop the
 * search is parked at this node (visited again when the next run resumes) and the R_*
 * reason returned; else -1.  Both kernels enter every node through here. */
static inline int enter_node(Solver *s, int level, double deadline, PyThreadState **tstate) {
    if ((++s->nodes & s->check_mask) != 0) return -1;
    int reason = time_to_stop(deadline, tstate);
    if (reason >= 0) {
        s->nodes--;
        s->level = level; s->state = ST_AT_FORWARD;
    }
    return reason;
}

/* Run until max_new more solutions are found (0: no limit), the search ends, the
 * deadline passes or Ctrl-C; resumes where the last run stopped.  Returns an R_* reason;
 * *no_memory is set when a solution could not be stored. */
/* Randomness and restarts, shared by both kernels (dlx.c, "Randomness and restarts"). */
/* The next number of the xorshift64* generator (Vigna); s->rng is never 0. */
static inline uint64_t solver_random(Solver *s) {
    uint64_t x = s->rng;
    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
    s->rng = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* The i-th term (i >= 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, ...: 2^(k-1) where
 * i = 2^k - 1, else the term i - 2^(k-1) + 1 for the k with 2^(k-1) <= i < 2^k - 1. */
static inline long long luby(long long i) {
    for (;;) {
        int k = 1;
        while ((1LL << k) - 1 < i) k++;
        if (i == (1LL << k) - 1) return 1LL << (k - 1);
        i -= (1LL << (k - 1)) - 1;
    }
}

int dlx_search(Solver *s, long long max_new, int store, double deadline,
               PyThreadState **tstate, int *no_memory);
int bits_search(Solver *s, long long max_new, int store, double deadline,
                PyThreadState **tstate, int *no_memory);
int store_solution(Solver *s, int level);
/* Choose the kernel ("auto", "links" or "bits") and lay out the bitsets; -1 with a
 * Python error set on failure. */
int bits_setup(Solver *s, const char *kernel);

/* ---- the memo counter: memo.c and sample.c ------------------------------------------ */

enum { SWEEP = 0, FEWEST = 1 };
#define MEMO_TOO_DEEP (-3)   /* m->stop when the recursion would pass MEMO_MAX_DEPTH */
#define MEMO_MAX_DEPTH 20000

typedef struct {
    int n_items, n_options, n_order, key_bytes, stop, depth, choice;
    int *lo, *hi, *used, *order, *bit_of, *word_of;
    int *saturate;                            /* per item: lo where hi cannot bind, else -1 */
    unsigned char *mask, *lookup;             /* SWEEP: per position, the key's live bytes */
    int *active, *cells, *where, *option_of;  /* FEWEST's sparse sets, see memo.c */
    int *opt_start, *opt_items, *item_start, *item_opts;
    int *colour, *shade, *holders;            /* colours, or colour NULL: see memo.c */
    char *coloured;                           /* per item: some entry gives it a colour */
    size_t slot_bytes, capacity, stored, max_slots, peak_slots;
    unsigned char *slots, *key, *spare;  /* spare: one slot, for moving an entry */
    long long nodes, hits, misses, dropped, evictions, check_mask;
    int overflow, no_memory;
    double deadline;
    PyThreadState *tstate;
} Memo;

/* With lo, hi, order, opt_start/opt_items and colour (or NULL) filled in, lay out the
 * rest: each item's options, the key, a table of at most memory_bytes.  -1: no memory. */
int memo_prepare(Memo *m, const int *secondary, double memory_bytes);
/* The count of the sub-problem at position pos, option pointer p (0, 0: the whole). */
count128 memo_search(Memo *m, int pos, int p);
/* Back to the state of no option chosen (for another walk from the root). */
void memo_restart(Memo *m);
void memo_free(Memo *m);

/* What sample.c needs of memo.c's state changes (see memo.c). */
#define SOLVED (-1)
#define DEAD (-2)
int next_item(Memo *m, int *pos, int *p);
int compatible(const Memo *m, int o);
void set_used(Memo *m, int j, int v);
void take_but(Memo *m, int o, int skip, int delta);
count128 memo_after(Memo *m, int o, int pos, int p);

void sample_seed(uint64_t seed);
/* Knuth's (breadth 1) or Purdom's estimate: see sample.c. */
typedef struct { double solutions, nodes; } Estimate;
void memo_probe(Memo *m, int pos, int p, double weight, int breadth, Estimate *e);
/* One solution drawn uniformly below (pos, p): its options into chosen[n_chosen..];
 * returns the new length, or -1 when stopped or there is none. */
int memo_draw(Memo *m, int pos, int p, int *chosen, int n_chosen);

/* ---- the frontier counter: frontier.c, laid out by frontier_layout.c ----------------- */

typedef struct {
    unsigned char *slots;  /* capacity slots of [count][key]; NULL: empty layer */
    size_t capacity, stored, slot_bytes;
    int head;              /* a slot's count bytes: 8, or 16 once widened (frontier.c) */
    size_t hint;           /* the capacity it had when last freed: where it starts again */
    int key_bytes;         /* the live items of the layer's position, packed */
} Layer;

#define NARROW 8  /* a slot's count while its table's counts fit in 64 bits */
#define WIDE 16   /* and once one does not (see frontier.c, Keys) */

static inline void set_head(Layer *l, int head) {
    l->head = head;
    l->slot_bytes = (size_t)head + (size_t)l->key_bytes;
}

#define BITS_WORDS 4  /* bit mode: a state's items in at most 256 bits (see frontier.c) */
typedef struct { uint64_t w[BITS_WORDS]; } Bits;

static inline void bit_set(Bits *b, int i) { b->w[i >> 6] |= (uint64_t)1 << (i & 63); }
typedef struct { unsigned short from, to, len; } BitRun;  /* key bits to Bits: see Bit mode */
#define SPARE_TABLES 64  /* tables freed and kept to be used again (frontier.c) */
#define PENDING_ADDS 16  /* bit mode: states emitted, their slots fetched ahead */
typedef struct { count128 c; uint64_t hash; int layer; unsigned char key[8 * BITS_WORDS]; } Pending;

typedef struct {
    int n_items, n_options, n_order, key_bytes, layers_done;
    int *lo, *hi, *order, *opt_start, *opt_items;   /* the problem, as for Memo */
    int bit_mode;                                   /* see frontier.c, Bit mode */
    Bits *opt_bits, *expiring, *expiring_low, *template_bits;  /* opt_bits as first_opts */
    Bits *live_bits;                                /* per position: its live items */
    int keep_from, keep_to;                         /* layers not freed (meet.c) */
    int far_from, far_to;   /* a kept layer keeps only its states covering none of these places */
    int *run_start;                                 /* per position: runs[run_start[k] ..] */
    BitRun *runs;
    Pending pending[PENDING_ADDS];                  /* a ring, the oldest at pending_at */
    int n_pending, pending_at;
    int keep_spares, n_spares;                      /* see frontier.c, Spare tables */
    unsigned char *spares[SPARE_TABLES];
    size_t spare_bytes[SPARE_TABLES];
    int *colour;                                    /* per entry, or NULL: no colours */
    char *coloured;                                 /* per item: some entry colours it */
    int *shade, *scratch_shade, *saved, n_saved;    /* see frontier.c, Colours */
    int *pos_of;                                    /* per item: place in order, or -1 */
    int *first_start, *first_opts;                  /* the options by first position */
    int *expire_start, *expire_items, *expire_at;   /* the items by expiry position */
    int *live_start, *live_items, *live_bit, *live_word;  /* per position: see frontier.c */
    int *template, *used, *scratch;
    int template_at;                                /* the position template is for */
    int *undo_item, *undo_used, *undo_shade, n_undo;  /* emit_closed's log (-1: off) */
    unsigned char *key;
    size_t bytes, peak_bytes;
    double memory_cap;
    Layer *layers;                                  /* per position */
    long long *layer_states, *layer_peak;           /* per position processed */
    double *layer_seconds;
    count128 total;
    int overflow, no_memory;
    double spill_bytes;                             /* see frontier.c, Spilling (<0: none) */
    int spill_at;                /* spilling, a layer stopped at its start too (<0: none) */
    int stop_layer;                                 /* where a stop left the count: */
    size_t resume_slot, stop_slot;                  /* the first slot of it not processed */
    long long states_done, check_mask;
    long long lookups;                              /* meet.c: the layers' counts read */
    PyThreadState *tstate;
    PyObject *on_layer;                             /* called after each layer, or NULL */
} Frontier;

/* With lo, hi, order, opt_start/opt_items and colour (or NULL) filled in, lay out the
 * rest; -1: no memory. */
int frontier_prepare(Frontier *f, const int *secondary, double memory_bytes);
/* Count, layer by layer, into f->total; an R_* reason (no_memory set past the cap; R_SPILL
 * past spill_bytes), the layer and slot it stopped at in stop_layer, stop_slot. */
int frontier_count(Frontier *f, double deadline);
/* The layers below upto processed in turn (after frontier_start), on_layer told. */
int frontier_layers(Frontier *f, int upto, double deadline);
/* Bit mode: the state of layer k with the given key; the count layer k holds for the
 * state t (0: none). */
void frontier_state_bits(const Frontier *f, int k, const unsigned char *key, Bits *s);
/* Whether that state covers none of the places from .. to-1. */
int frontier_covers_none(const Frontier *f, int k, const unsigned char *key, int from, int to);
count128 frontier_lookup_bits(Frontier *f, int k, const Bits *t);
count128 frontier_lookup_key(Frontier *f, int k, const unsigned char *key);
/* meet.c: the count of a board that maps onto itself under a half turn (its first
 * `cells` places reversed, the rest fixed), from its first half; *applies 0 where the
 * problem is not of the kind (nothing done then). */
int frontier_meet(Frontier *f, int cells, double deadline, int *applies);
/* Its steps, for layers on disk: meet_open (NULL: not of the kind, or no_memory set),
 * the plan (the middle layer, the layers kept), the cells of layer q's states gathered
 * (-1: no memory), and each lookup of a state of the middle handed to emit (the layer
 * and the state looked up, the count c of s); -1: no memory. */
typedef struct Meet Meet;
typedef void (*MeetEmit)(void *context, int q, const Bits *t, count128 c);
Meet *meet_open(Frontier *f, int cells);
void meet_plan(const Meet *m, int *middle, int *keep_from, int *keep_to);
int meet_add_shapes(Meet *m, int q);
/* The cells gathered, as records of MEET_SHAPE_BYTES ([q, 4 bytes][cells]) written to
 * out (NULL: none written) and their number; such records added (-1: no memory, -2: a
 * record of no kept layer or with places that are not cells). */
#define MEET_SHAPE_BYTES (4 + sizeof(Bits))
size_t meet_shapes_out(const Meet *m, unsigned char *out);
int meet_shapes_in(Meet *m, const unsigned char *in, size_t n);
int meet_useful(const Meet *m, int q, const unsigned char *key);  /* may be looked up */
int meet_join(Meet *m, const Bits *s, count128 c, MeetEmit emit, void *context);
void meet_free(Meet *m);
/* Bit mode: t packed as a key of layer k; 0 where layer k cannot hold t (outside its
 * key, t differs from the layer's template). */
int frontier_key_bits(Frontier *f, int k, const Bits *t, unsigned char *key);
/* The steps of frontier_count, for layers kept on disk (see frontier.c, On disk): emit
 * the empty state; merge n records into layer k (-1: past the cap); process layer k and
 * free it (an R_* reason); the shard of a key of layer l. */
void frontier_start(Frontier *f);
int frontier_load(Frontier *f, int k, const unsigned char *records, size_t n, int head);
int frontier_layer(Frontier *f, int k, double deadline);
size_t frontier_shard_of(const Layer *l, const unsigned char *key, size_t shards);
void layer_release(Frontier *f, Layer *l);  /* free a layer's table */
count128 slot_count(const Layer *l, const unsigned char *slot);  /* a filled slot's count */
/* A record's count: `head` bytes, 16 (exact) or 8 (compact: see frontier.c, On disk).
 * frontier_heads gives the heads that carry c (1 or 2 of them; 0: c past 2**126 in 8). */
int frontier_heads(count128 c, int head, unsigned char heads[2][16]);
count128 frontier_head_count(const unsigned char *record, int head);
void frontier_free(Frontier *f);
/* Whether frontier_prepare may choose bit mode (1, the default); the old value.  Tests
 * turn it off to compare the two ways. */
int frontier_allow_bit_mode(int allow);

/* diagram.c: the ZDD of every solution (bounds lo/hi per item, at most 65535); node k is
 * (opt[k], lo[k], hi[k]) for k >= 2 (the arrays the caller's to free), children before
 * parents.  Returns 0, or -1 on a stop (stop: an R_* reason, or DIAGRAM_TOO_DEEP) or past
 * memory_bytes (no_memory). */
#define DIAGRAM_TOO_DEEP (-3)
#define DIAGRAM_MAX_DEPTH 20000
typedef struct {
    int32_t *opt, *lo, *hi;
    size_t n_nodes;
    int32_t root;
    int stop, no_memory;
    long long states;
    double peak_bytes;  /* the tables' bytes at the end, their largest */
} DiagramOut;
int diagram_build(int n_items, int n_options, const int *lo, const int *hi,
                  const int *opt_start, const int *opt_items, const int *order, int n_order,
                  double memory_bytes, double deadline, DiagramOut *out);

/* ---- cheapest.c: the k cheapest solutions --------------------------------------------- */

/* What cheapest_run found: `found` solutions (at most k), solution t of net cost
 * costs[t] (add tax for its cost) and lengths[t] options at options[t * depth ...];
 * the arrays are the caller's to free. */
typedef struct {
    int reason, found;
    long long nodes, tax;
    long long *costs;
    int *lengths, *options;
} CheapOut;

/* The k cheapest solutions of a problem whose primary items are each covered once (no
 * colours), options of `costs`; groups: groups of primary items no option holds two of
 * (the bound), each ended by -1; unit: every solution's cost (net plus tax) is a multiple
 * of it; depth: at least the options in any solution; report: NULL, or a callable given
 * (nodes, solutions kept, least cost kept or None) every half second of the search.  0,
 * or -1 with MemoryError. */
int cheapest_run(int n_items, int n_options, const int *secondary, const int *opt_start,
                 const int *opt_items, const long long *costs, const int *groups,
                 int n_groups_entries, int k, long long unit, int depth, double deadline,
                 PyObject *report, CheapOut *out);

#endif
