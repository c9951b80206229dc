/*
 * _dlx.c -- cpuzzler's native exact-cover engine: Algorithm X with dancing links,
 * extended to primary items with lo:hi bounds and to secondary items.
 *
 * The data structure follows Knuth's DLX1: everything lives in flat int arrays indexed
 * by number, not in objects linked by pointers.
 *
 *   Items are numbered 1..N (cpuzzler's item k is number k+1).  Number 0 is the root of
 *   the ACTIVE list, a circular doubly linked list (llink/rlink) of the primary items
 *   still to be decided.  Secondary items are never in it.
 *
 *   Nodes 1..N are the item headers.  Option nodes follow in one block per option,
 *   with a SPACER node before the first option, between options, and after the last.
 *   For an option node p: top[p] is its item, option_of[p] the option's index, and
 *   ulink/dlink link it into the circular vertical list of its item (through the
 *   header).  For a spacer: top <= 0, ulink points to the first node of the option
 *   before it and dlink to the last node of the option after it, so that a walk along
 *   an option can wrap around in either direction.  len[i] counts the nodes in item
 *   i's vertical list.
 *
 *   bound[i] is how many more options may cover item i (hi minus the options chosen);
 *   need[i] is how many more must (lo minus the options chosen; may be negative).
 *   Secondary items have bound 1 and need 0.
 *
 * Invariants at every search node:
 *   - an option is in the vertical lists iff it may still be chosen: none of its items
 *     has bound 0, and it was not excluded by an earlier branch;
 *   - an item is in the active list iff it is primary, bound > 0, and it was not closed.
 *
 * Branching.  The item i chosen has the fewest branches (MRV): len[i] options, plus one
 * more "close i" branch when need[i] <= 0; need[i] > len[i] means no branch at all.
 *   - bound[i] == 1 (SINGLE): plain Algorithm X.  Cover i, then try each option x in
 *     its list; choosing x commits the other items of x.
 *   - bound[i] > 1 (MULTI): i stays active.  Try the options x1, x2, ... of i in order;
 *     branch j hides xj (takes it out of every list), commits all its items, and leaves
 *     x1 .. x(j-1) hidden, so every set of options is reached exactly once (Knuth's rule
 *     in Algorithm M).  The hidden options wait on a stack until the level is left.
 *   - Last, when need[i] <= 0, the branch that closes i: no further option covers it.
 * Committing item j: bound[j]--, need[j]--; at bound 0, cover j (hide every option in
 * its list).  Every undo runs the exact reverse, so the links dance back.
 *
 * Colours (Knuth's DLX2).  A node of a secondary item may carry a colour, color[p] > 0.
 * Committing such a node "purifies" its item j instead of covering it: the options in
 * j's list of another colour (or none) are hidden, those of the same colour stay and are
 * marked cleansed (color -1) so that choosing one of them later commits nothing at j.
 * Unpurifying walks j's list back up, restoring the marks and unhiding the others.  The
 * chosen option's own node is never in j's list when it is purified (the choice hid its
 * option first), so it keeps its colour for the undo.  Nodes stay in the lists they are
 * in whatever their mark, so hiding and unhiding need no test for colours.
 *
 * The search is iterative, with the choice at each level in item_at/choice_at, so it
 * has no recursion limit and can stop after any solution or at a time check and resume
 * later from the same state: that is how solutions reach Python in batches.
 *
 * Bitsets.  When every primary item is 1:1 and the options number at most a few
 * thousand, a second kernel searches the same tree (same item choice, options tried in
 * the same order, so the same solutions in the same order) with no links at all.  Each
 * item has a bitset of its options (item_opts); each level keeps its own copy of
 *   live   the options that may still be chosen (a bitset),
 *   count  the number of live options of each open primary item, and CLOSED (a huge
 *          number, never reached by a real count) for the other items, so that the
 *          MRV choice is a plain minimum over an int array, which the compiler
 *          vectorises.
 * Choosing option o builds the next level: the options that share an item with o are
 * the OR of those items' bitsets, ANDed with live; they leave live, and each of their
 * items' counts drops by one.  Going back up needs no undo at all: the level above still
 * holds its own copy.  Measured on the 6x10 pentominoes, this does the same work as the
 * dancing links in a fraction of the time, because it never chases a pointer.
 *
 * Statistics count as Knuth counts: a node is a call of the search at a new level; an
 * update is one node taken out of a vertical list.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

enum { ST_FRESH, ST_AT_FORWARD, ST_AFTER_SOLUTION, ST_FINISHED };
enum { R_DONE = 0, R_LIMIT = 1, R_TIMEOUT = 2, R_INTERRUPTED = 3 };
#define CLOSE_BRANCH (-1)
#define CHECK_MASK ((1LL << 13) - 1) /* look at the clock and for Ctrl-C every 8192 nodes */
#define CHECK_WORK (1LL << 24)       /* ... or sooner: every 2^24 item visits, about */

/* The mask of enter_node's node count: a node can visit every item (the choice of the
 * item with fewest options), so a problem of many items looks at the clock more often:
 * 8192 nodes for up to 2048 items, down to every node past 16 million items. */
static long long check_mask_for(int n_items) {
    long long every = 1;
    while (every < CHECK_MASK + 1 && every * 2 * ((long long)n_items + 1) <= CHECK_WORK)
        every *= 2;
    return every - 1;
}

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
    /* the bitset kernel: see "Bitsets" above */
    int kernel, words;
    int *opt_start, *opt_item;                     /* option o: opt_item[opt_start[o]..] */
    uint64_t *item_opts;                           /* per item: bitset of its options */
    uint64_t *live;                                /* per level: live options */
    int *count;                                    /* per level, per item: live options */
} Solver;

enum { KERNEL_LINKS, KERNEL_BITS };
/* bits kernel: the count of an item that is not open (a count never drops by more than
 * BITS_MAX_OPTIONS, so anything at or above OPEN_LIMIT is not open) */
#define CLOSED (1 << 30)
#define OPEN_LIMIT (1 << 29)
static const char *KERNEL_NAMES[] = {"links", "bits"};

/* ---- the dance ------------------------------------------------------------------- */

/* Take the nodes of p's option other than p out of their vertical lists. */
static inline void hide_others(Solver *s, int p) {
    int *top = s->top, *ul = s->ulink, *dl = s->dlink, *len = s->len;
    for (int q = p + 1; q != p;) {
        int x = top[q];
        if (x <= 0) { q = ul[q]; continue; }
        int u = ul[q], d = dl[q];
        dl[u] = d; ul[d] = u; len[x]--; s->updates++;
        q++;
    }
}

static inline void unhide_others(Solver *s, int p) {
    int *top = s->top, *ul = s->ulink, *dl = s->dlink, *len = s->len;
    for (int q = p - 1; q != p;) {
        int x = top[q];
        if (x <= 0) { q = dl[q]; continue; }
        int u = ul[q], d = dl[q];
        dl[u] = q; ul[d] = q; len[x]++;
        q--;
    }
}

/* Hide every option in item i's list and take i out of the active list. */
static void cover(Solver *s, int i) {
    for (int p = s->dlink[i]; p != i; p = s->dlink[p]) hide_others(s, p);
    if (!s->secondary[i]) {
        int l = s->llink[i], r = s->rlink[i];
        s->rlink[l] = r; s->llink[r] = l;
    }
}

static void uncover(Solver *s, int i) {
    if (!s->secondary[i]) {
        s->rlink[s->llink[i]] = i; s->llink[s->rlink[i]] = i;
    }
    for (int p = s->ulink[i]; p != i; p = s->ulink[p]) unhide_others(s, p);
}

/* Take a whole option (every node of it, x included) out of the vertical lists. */
static void hide_option(Solver *s, int x) {
    int u = s->ulink[x], d = s->dlink[x];
    s->dlink[u] = d; s->ulink[d] = u; s->len[s->top[x]]--; s->updates++;
    hide_others(s, x);
}

static void unhide_option(Solver *s, int x) {
    unhide_others(s, x);
    s->dlink[s->ulink[x]] = x; s->ulink[s->dlink[x]] = x; s->len[s->top[x]]++;
}

static inline void commit(Solver *s, int j) {
    s->need[j]--;
    if (--s->bound[j] == 0) cover(s, j);
}

static inline void uncommit(Solver *s, int j) {
    if (s->bound[j] == 0) uncover(s, j);
    s->bound[j]++;
    s->need[j]++;
}

/* Node p gives its item colour color[p] > 0: hide the options of j's list of another
 * colour or none; mark those of the same colour cleansed. */
static void purify(Solver *s, int p) {
    int j = s->top[p], c = s->color[p];
    for (int q = s->dlink[j]; q != j; q = s->dlink[q]) {
        if (s->color[q] == c) s->color[q] = -1;
        else hide_others(s, q);
    }
}

static void unpurify(Solver *s, int p) {
    int j = s->top[p], c = s->color[p];
    for (int q = s->ulink[j]; q != j; q = s->ulink[q]) {
        if (s->color[q] < 0) s->color[q] = c;
        else unhide_others(s, q);
    }
}

/* Commit the items of x's option other than x's own, in order (a coloured node purifies
 * its item, a cleansed one does nothing); undo in reverse. */
static void commit_others(Solver *s, int x) {
    const int *color = s->color;
    for (int q = x + 1; q != x;) {
        int j = s->top[q];
        if (j <= 0) { q = s->ulink[q]; continue; }
        if (color && color[q]) {
            if (color[q] > 0) purify(s, q);
        } else {
            commit(s, j);
        }
        q++;
    }
}

static void uncommit_others(Solver *s, int x) {
    const int *color = s->color;
    for (int q = x - 1; q != x;) {
        int j = s->top[q];
        if (j <= 0) { q = s->dlink[q]; continue; }
        if (color && color[q]) {
            if (color[q] > 0) unpurify(s, q);
        } else {
            uncommit(s, j);
        }
        q--;
    }
}

/* ---- solutions ---------------------------------------------------------------------- */

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Append the current solution (sorted option indices) to the buffer; -1 on no memory. */
static int store_solution(Solver *s, int level) {
    int k = 0;
    for (int l = 0; l < level; l++)
        if (s->kernel == KERNEL_BITS) s->scratch[k++] = s->choice_at[l];
        else if (s->choice_at[l] != CLOSE_BRANCH) s->scratch[k++] = s->option_of[s->choice_at[l]];
    qsort(s->scratch, k, sizeof(int), cmp_int);
    if (s->found_len + k + 1 > s->found_cap) {
        int cap = 2 * s->found_cap + k + 1;
        int *grown = realloc(s->found, (size_t)cap * sizeof(int));
        if (!grown) return -1;
        s->found = grown; s->found_cap = cap;
    }
    s->found[s->found_len++] = k;
    memcpy(s->found + s->found_len, s->scratch, (size_t)k * sizeof(int));
    s->found_len += k;
    return 0;
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* R_TIMEOUT past the deadline, R_INTERRUPTED on Ctrl-C (the GIL is taken back for a
 * moment to ask Python), else -1. */
static int time_to_stop(double deadline, PyThreadState **tstate) {
    int reason = -1;
    if (deadline >= 0 && now_seconds() > deadline) reason = R_TIMEOUT;
    PyEval_RestoreThread(*tstate);
    if (PyErr_CheckSignals() != 0) { PyErr_Clear(); reason = R_INTERRUPTED; }
    *tstate = PyEval_SaveThread();
    return reason;
}

/* Count a search node; every CHECK_MASK + 1 nodes, see whether to stop.  On a stop the
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

/* ---- the search --------------------------------------------------------------------- */

/*
 * Run until max_new more solutions are found (0: no limit), the search ends, the
 * deadline passes (deadline < 0: none) or Ctrl-C.  Called without the GIL; *tstate lets
 * it take the GIL back briefly to look for signals.  Returns an R_* reason.
 */
static int search(Solver *s, long long max_new, int store, double deadline,
                  PyThreadState **tstate, int *no_memory) {
    int *rlink = s->rlink, *len = s->len, *need = s->need, *dlink = s->dlink;
    int level = s->level, i, x;
    long long found = 0;

    switch (s->state) {
    case ST_FINISHED: return R_DONE;
    case ST_AFTER_SOLUTION: goto backup;
    default: goto forward;
    }

forward:
    {
        int reason = enter_node(s, level, deadline, tstate);
        if (reason >= 0) return reason;
    }
    if (rlink[0] == 0) {
        s->solutions++;
        found++;
        if (store && store_solution(s, level) < 0) { *no_memory = 1; goto stop_after_solution; }
        if (max_new > 0 && found >= max_new) goto stop_after_solution;
        goto backup;
    }
    {   /* choose the item with the fewest branches */
        int best = 0, best_branches = INT_MAX;
        for (int k = rlink[0]; k != 0; k = rlink[k]) {
            int b = need[k] > len[k] ? 0 : len[k] + (need[k] <= 0);
            if (b < best_branches) {
                best_branches = b; best = k;
                if (b == 0) break;
            }
        }
        if (best_branches == 0) goto backup;
        i = best;
        s->branches_at[level] = best_branches;
    }
    s->item_at[level] = i;
    s->index_at[level] = -1;
    s->hidden_base[level] = s->hidden_top;
    s->single_at[level] = (s->bound[i] == 1);
    if (s->single_at[level]) cover(s, i);
    x = dlink[i];

try_x:
    s->index_at[level]++;
    if (x == i) {  /* every option of i tried: close i, if its lower bound allows */
        if (need[i] <= 0) {
            if (!s->single_at[level]) {
                int l = s->llink[i], r = rlink[i];
                rlink[l] = r; s->llink[r] = l;
            }
            s->choice_at[level++] = CLOSE_BRANCH;
            goto forward;
        }
        goto leave_level;
    }
    s->choice_at[level] = x;
    if (s->single_at[level]) {
        commit_others(s, x);
    } else {
        hide_option(s, x);
        s->hidden[s->hidden_top++] = x;
        commit(s, i);
        commit_others(s, x);
    }
    level++;
    goto forward;

backup:
    if (level == 0) { s->level = 0; s->state = ST_FINISHED; return R_DONE; }
    level--;
    i = s->item_at[level];
    x = s->choice_at[level];
    if (x == CLOSE_BRANCH) {
        if (!s->single_at[level]) { rlink[s->llink[i]] = i; s->llink[rlink[i]] = i; }
        goto leave_level;
    }
    uncommit_others(s, x);
    if (!s->single_at[level]) uncommit(s, i);  /* x itself stays hidden: excluded */
    x = dlink[x];
    goto try_x;

leave_level:
    if (s->single_at[level]) {
        uncover(s, i);
    } else {
        while (s->hidden_top > s->hidden_base[level]) unhide_option(s, s->hidden[--s->hidden_top]);
    }
    goto backup;

stop_after_solution:
    s->level = level; s->state = ST_AFTER_SOLUTION;
    return R_LIMIT;
}

/* ---- the bitset kernel ------------------------------------------------------------ */

/* The next option of item i after `after` that is live at this level, or -1. */
static inline int next_option(const uint64_t *live, const uint64_t *mine, int words, int after) {
    int start = after + 1, w = start >> 6;
    if (w >= words) return -1;
    uint64_t m = live[w] & mine[w] & (~0ULL << (start & 63));
    while (!m) {
        if (++w >= words) return -1;
        m = live[w] & mine[w];
    }
    return (w << 6) + __builtin_ctzll(m);
}

/* Where the processor has AVX2, GCC builds the bitset kernel twice and picks the wider
 * vectors at load time (the minimum and the copies run 8 ints at a time instead of 4). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define WIDE_VECTORS __attribute__((target_clones("avx2", "default")))
#else
#define WIDE_VECTORS
#endif

/* Same contract as search(); see "Bitsets" above for the state kept at each level. */
WIDE_VECTORS static int search_bits(Solver *s, long long max_new, int store, double deadline,
                       PyThreadState **tstate, int *no_memory) {
    const int W = s->words, N1 = s->n_items + 1;
    const int *opt_start = s->opt_start, *opt_item = s->opt_item;
    const uint64_t *item_opts = s->item_opts;
    int level = s->level;
    long long found = 0;

    switch (s->state) {
    case ST_FINISHED: return R_DONE;
    case ST_AFTER_SOLUTION: goto backup;
    default: goto forward;
    }

forward:
    {
        int reason = enter_node(s, level, deadline, tstate);
        if (reason >= 0) return reason;
    }
    {   /* choose the open item with the fewest live options: the first one, on ties */
        const int *count = s->count + (size_t)level * N1;
        int best_count = CLOSED, best = 0;
        for (int k = 0; k < N1; k++) best_count = count[k] < best_count ? count[k] : best_count;
        if (best_count >= OPEN_LIMIT) {  /* no open item: a solution */
            s->solutions++;
            found++;
            if (store && store_solution(s, level) < 0) { *no_memory = 1; goto stop_after_solution; }
            if (max_new > 0 && found >= max_new) goto stop_after_solution;
            goto backup;
        }
        if (best_count == 0) goto backup;
        while (count[best] != best_count) best++;
        s->item_at[level] = best;
        s->choice_at[level] = -1;
        s->branches_at[level] = best_count;
        s->index_at[level] = -1;
    }

next_branch: {
        const uint64_t *live = s->live + (size_t)level * W;
        int i = s->item_at[level];
        int o = next_option(live, item_opts + (size_t)i * W, W, s->choice_at[level]);
        if (o < 0) goto backup;
        s->choice_at[level] = o;
        s->index_at[level]++;
        /* the next level: the options sharing an item with o are no longer live */
        uint64_t *child_live = s->live + (size_t)(level + 1) * W;
        int *child_count = s->count + (size_t)(level + 1) * N1;
        memcpy(child_count, s->count + (size_t)level * N1, (size_t)N1 * sizeof(int));
        const int first = opt_start[o], end = opt_start[o + 1];
        long long updates = 0;
        for (int w = 0; w < W; w++) child_live[w] = live[w];
        for (int k = first; k < end; k++) {
            const uint64_t *mine = item_opts + (size_t)opt_item[k] * W;
            for (int w = 0; w < W; w++) child_live[w] &= ~mine[w];
        }
        for (int w = 0; w < W; w++) {
            uint64_t gone = live[w] & ~child_live[w];
            for (; gone; gone &= gone - 1) {
                int dead = (w << 6) + __builtin_ctzll(gone);
                for (int k = opt_start[dead], e = opt_start[dead + 1]; k < e; k++)
                    child_count[opt_item[k]]--;
                updates += opt_start[dead + 1] - opt_start[dead];
            }
        }
        for (int k = first; k < end; k++) child_count[opt_item[k]] = CLOSED;
        s->updates += updates;
        level++;
        goto forward;
    }

backup:
    if (level == 0) { s->level = 0; s->state = ST_FINISHED; return R_DONE; }
    level--;
    goto next_branch;

stop_after_solution:
    s->level = level; s->state = ST_AFTER_SOLUTION;
    return R_LIMIT;
}

/* ---- the Python type ------------------------------------------------------------------ */

static void Solver_dealloc(Solver *s) {
    free(s->top); free(s->ulink); free(s->dlink); free(s->option_of);
    free(s->len); free(s->llink); free(s->rlink); free(s->bound); free(s->need);
    free(s->secondary); free(s->item_at); free(s->choice_at); free(s->hidden_base);
    free(s->single_at); free(s->hidden); free(s->found); free(s->scratch);
    free(s->opt_start); free(s->opt_item); free(s->item_opts); free(s->live);
    free(s->count); free(s->branches_at); free(s->index_at); free(s->color);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int read_ints(PyObject *seq, Py_ssize_t n, int *out, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd values", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < INT_MIN || v > INT_MAX) {  /* never truncate: ExactCover clamps bounds */
            PyErr_Format(PyExc_OverflowError, "%s: %ld does not fit the engine", what, v);
            Py_DECREF(fast);
            return -1;
        }
        out[k] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

#define ALLOC(ptr, n) do { (ptr) = calloc((size_t)(n) + 1, sizeof(*(ptr))); \
    if (!(ptr)) { PyErr_NoMemory(); return -1; } } while (0)

/* color[] from colors (see Solver_init): the nodes of option o follow one another, after
 * the spacer before it.  Only secondary items may be coloured.  Returns -1 on error. */
static int read_colors(Solver *s, PyObject *col_seq) {
    PyObject *all = PySequence_Fast(col_seq, "colors must be a sequence");
    if (!all) return -1;
    if (PySequence_Fast_GET_SIZE(all) != s->n_options) {
        Py_DECREF(all);
        PyErr_SetString(PyExc_ValueError, "colors: one entry per option");
        return -1;
    }
    if (!(s->color = calloc((size_t)s->n_nodes + 1, sizeof(int)))) {
        Py_DECREF(all); PyErr_NoMemory(); return -1;
    }
    int p = s->n_items + 1;  /* the first spacer */
    for (int o = 0; o < s->n_options; o++) {
        int first = p + 1, k = 0;
        while (s->top[first + k] > 0) k++;  /* the option's nodes: first .. first+k-1 */
        p = first + k;
        PyObject *mine = PySequence_Fast_GET_ITEM(all, o);
        if (mine == Py_None) continue;
        if (PySequence_Length(mine) != k) {
            Py_DECREF(all);
            PyErr_Format(PyExc_ValueError, "colors: option %d has %d items", o, k);
            return -1;
        }
        if (read_ints(mine, k, s->color + first, "colors") < 0) { Py_DECREF(all); return -1; }
        for (int t = 0; t < k; t++) {
            if (s->color[first + t] < 0 ||
                (s->color[first + t] > 0 && !s->secondary[s->top[first + t]])) {
                Py_DECREF(all);
                PyErr_Format(PyExc_ValueError, "colors: option %d colours a primary item or "
                             "gives a negative colour", o);
                return -1;
            }
        }
    }
    Py_DECREF(all);
    return 0;
}

/* Choose the kernel and, for bitsets, lay out their arrays.  Returns -1 on error. */
#define BITS_MAX_OPTIONS 20000
#define BITS_MAX_BYTES (64.0 * 1048576.0)
static int setup_bits(Solver *s, const char *kernel) {
    int N = s->n_items, n_opt = s->n_options, primary = 0, plain = 1;
    for (int k = 1; k <= N; k++) {
        if (s->secondary[k]) continue;
        primary++;
        if (s->need[k] != 1 || s->bound[k] != 1) plain = 0;
    }
    /* each chosen option covers at least `fewest` primary items: that bounds the depth */
    int fewest = INT_MAX;
    for (int p = N + 1, in_option = 0; p < s->n_nodes; p++) {
        if (s->top[p] <= 0) {
            if (p > N + 1 && in_option < fewest) fewest = in_option;
            in_option = 0;
        } else if (!s->secondary[s->top[p]]) {
            in_option++;
        }
    }
    if (fewest < 1) fewest = 1;
    int W = (n_opt + 63) / 64, levels = (fewest == INT_MAX ? 0 : primary / fewest) + 2;
    double bytes = 8.0 * (N + 1) * W + (double)levels * (8.0 * W + 4.0 * (N + 1));
    int fits = n_opt <= BITS_MAX_OPTIONS && bytes <= BITS_MAX_BYTES;
    if (!strcmp(kernel, "links") || (!strcmp(kernel, "auto") && !(plain && fits && !s->color))) {
        s->kernel = KERNEL_LINKS;
        return 0;
    }
    if (s->color) {
        PyErr_SetString(PyExc_ValueError, "the bits kernel has no colours; use the links kernel");
        return -1;
    }
    if (!plain) {
        PyErr_SetString(PyExc_ValueError, "the bits kernel needs every primary item to be 1:1");
        return -1;
    }
    s->kernel = KERNEL_BITS;
    s->words = W;
    long long total = 0;
    for (int p = N + 1; p < s->n_nodes; p++) total += s->top[p] > 0;
    ALLOC(s->opt_start, n_opt + 1); ALLOC(s->opt_item, total);
    ALLOC(s->item_opts, (size_t)(N + 1) * W);
    /* the levels below 0 are written before they are read: no need to clear them */
    s->live = malloc((size_t)levels * W * sizeof(uint64_t));
    s->count = malloc((size_t)levels * (N + 1) * sizeof(int));
    if (!s->live || !s->count) { PyErr_NoMemory(); return -1; }
    memset(s->live, 0, (size_t)W * sizeof(uint64_t));
    memset(s->count, 0, (size_t)(N + 1) * sizeof(int));
    int k = 0;
    for (int p = N + 1; p < s->n_nodes; p++) {
        int x = s->top[p];
        if (x <= 0) continue;
        int o = s->option_of[p];
        if (k == 0 || s->option_of[p - 1] != o) s->opt_start[o] = k;
        s->opt_item[k++] = x;
        s->item_opts[(size_t)x * W + (o >> 6)] |= (uint64_t)1 << (o & 63);
        s->count[x]++;
    }
    s->opt_start[n_opt] = k;
    s->count[0] = CLOSED;
    for (int o = 0; o < n_opt; o++) s->live[o >> 6] |= (uint64_t)1 << (o & 63);
    for (int x = 1; x <= N; x++)
        if (s->secondary[x]) s->count[x] = CLOSED;
    return 0;
}

/* Solver(lo, hi, secondary, options, kernel="auto", colors=None): per item lo and hi
 * bounds and a secondary flag; options as sequences of item indices (0-based); colors,
 * if given, per option None or a sequence of colour ids (0 none, else > 0) aligned with
 * its items. */
static int Solver_init(Solver *s, PyObject *args, PyObject *kwds) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *opt_seq, *col_seq = Py_None;
    const char *kernel = "auto";
    static char *kwlist[] = {"lo", "hi", "secondary", "options", "kernel", "colors", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|sO", kwlist, &lo_seq, &hi_seq, &sec_seq,
                                     &opt_seq, &kernel, &col_seq))
        return -1;
    if (strcmp(kernel, "auto") && strcmp(kernel, "links") && strcmp(kernel, "bits")) {
        PyErr_Format(PyExc_ValueError, "unknown kernel '%s'; known: auto, bits, links", kernel);
        return -1;
    }
    if (s->top) { PyErr_SetString(PyExc_RuntimeError, "Solver is already initialised"); return -1; }
    Py_ssize_t n = PySequence_Length(lo_seq);
    if (n < 0) return -1;
    if (n > INT_MAX / 4) { PyErr_SetString(PyExc_ValueError, "too many items"); return -1; }
    int N = (int)n;
    s->n_items = N;
    s->check_mask = check_mask_for(N);
    ALLOC(s->len, N + 1); ALLOC(s->llink, N + 1); ALLOC(s->rlink, N + 1);
    ALLOC(s->bound, N + 1); ALLOC(s->need, N + 1); ALLOC(s->secondary, N + 1);
    int *tmp;
    ALLOC(tmp, N);
    if (read_ints(lo_seq, n, tmp, "lo") < 0) { free(tmp); return -1; }
    for (int k = 0; k < N; k++) s->need[k + 1] = tmp[k];
    if (read_ints(hi_seq, n, tmp, "hi") < 0) { free(tmp); return -1; }
    for (int k = 0; k < N; k++) s->bound[k + 1] = tmp[k];
    if (read_ints(sec_seq, n, tmp, "secondary") < 0) { free(tmp); return -1; }
    for (int k = 0; k < N; k++) {
        s->secondary[k + 1] = tmp[k] != 0;
        if (tmp[k]) { s->bound[k + 1] = 1; s->need[k + 1] = 0; }
    }
    free(tmp);

    PyObject *options = PySequence_Fast(opt_seq, "options must be a sequence");
    if (!options) return -1;
    Py_ssize_t n_opt = PySequence_Fast_GET_SIZE(options);
    long long total = 0;
    for (Py_ssize_t o = 0; o < n_opt; o++) {
        Py_ssize_t k = PySequence_Length(PySequence_Fast_GET_ITEM(options, o));
        if (k < 0) { Py_DECREF(options); return -1; }
        total += k;
    }
    if (total + n_opt + N + 2 > INT_MAX / 2) {
        Py_DECREF(options);
        PyErr_SetString(PyExc_ValueError, "problem too large");
        return -1;
    }
    s->n_options = (int)n_opt;
    s->n_nodes = (int)(N + 1 + total + n_opt + 1);
    if (!(s->top = calloc((size_t)s->n_nodes + 1, sizeof(int))) ||
        !(s->ulink = calloc((size_t)s->n_nodes + 1, sizeof(int))) ||
        !(s->dlink = calloc((size_t)s->n_nodes + 1, sizeof(int))) ||
        !(s->option_of = calloc((size_t)s->n_nodes + 1, sizeof(int)))) {
        Py_DECREF(options); PyErr_NoMemory(); return -1;
    }
    for (int k = 1; k <= N; k++) { s->ulink[k] = s->dlink[k] = k; s->option_of[k] = -1; }
    /* the active list: primary items in declaration order */
    int last = 0;
    for (int k = 1; k <= N; k++) {
        if (s->secondary[k]) { s->llink[k] = s->rlink[k] = k; continue; }
        s->rlink[last] = k; s->llink[k] = last; last = k;
    }
    s->rlink[last] = 0; s->llink[0] = last;

    int p = N + 1, spacer = p;  /* first spacer */
    s->top[spacer] = 0; s->option_of[spacer] = -1;
    for (int o = 0; o < n_opt; o++) {
        PyObject *opt = PySequence_Fast(PySequence_Fast_GET_ITEM(options, o), "option");
        if (!opt) { Py_DECREF(options); return -1; }
        Py_ssize_t k = PySequence_Fast_GET_SIZE(opt);
        int first = p + 1;
        for (Py_ssize_t t = 0; t < k; t++) {
            long item = PyLong_AsLong(PySequence_Fast_GET_ITEM(opt, t));
            if (item == -1 && PyErr_Occurred()) { Py_DECREF(opt); Py_DECREF(options); return -1; }
            if (item < 0 || item >= N) {
                Py_DECREF(opt); Py_DECREF(options);
                PyErr_Format(PyExc_ValueError, "option %d names item %ld of %d", o, item, N);
                return -1;
            }
            int i = (int)item + 1;
            p++;
            s->top[p] = i; s->option_of[p] = o;
            int u = s->ulink[i];
            s->ulink[p] = u; s->dlink[p] = i; s->dlink[u] = p; s->ulink[i] = p;
            s->len[i]++;
        }
        Py_DECREF(opt);
        s->dlink[spacer] = p;        /* last node of the option after the spacer */
        p++;
        spacer = p;
        s->top[spacer] = -(o + 1); s->option_of[spacer] = -1;
        s->ulink[spacer] = first;    /* first node of the option before the spacer */
    }
    Py_DECREF(options);
    if (col_seq != Py_None && read_colors(s, col_seq) < 0) return -1;
    s->max_level = N + s->n_options + 1;
    ALLOC(s->item_at, s->max_level); ALLOC(s->choice_at, s->max_level);
    ALLOC(s->hidden_base, s->max_level); ALLOC(s->single_at, s->max_level);
    ALLOC(s->hidden, s->n_options); ALLOC(s->scratch, s->max_level);
    ALLOC(s->branches_at, s->max_level); ALLOC(s->index_at, s->max_level);
    if (setup_bits(s, kernel) < 0) return -1;
    s->state = ST_FRESH;
    return 0;
}

/* run(max_solutions=0, store=True, time_limit=-1.0) -> (solutions or None, reason, found)
 * Continues the search from where the last call stopped. */
static PyObject *Solver_run(Solver *s, PyObject *args, PyObject *kwds) {
    long long max_new = 0;
    int store = 1;
    double time_limit = -1.0;
    static char *kwlist[] = {"max_solutions", "store", "time_limit", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|Lpd", kwlist, &max_new, &store, &time_limit))
        return NULL;
    if (!s->top) { PyErr_SetString(PyExc_RuntimeError, "Solver is not initialised"); return NULL; }
    double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    long long before = s->solutions;
    int no_memory = 0, reason;
    s->found_len = 0;
    PyThreadState *tstate = PyEval_SaveThread();
    if (time_limit == 0 && s->state != ST_FINISHED)
        reason = R_TIMEOUT;  /* no time at all: do not start */
    else if (s->kernel == KERNEL_BITS)
        reason = search_bits(s, max_new, store, deadline, &tstate, &no_memory);
    else
        reason = search(s, max_new, store, deadline, &tstate, &no_memory);
    PyEval_RestoreThread(tstate);
    if (no_memory) return PyErr_NoMemory();
    long long found = s->solutions - before;
    if (!store) return Py_BuildValue("(OiL)", Py_None, reason, found);
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (int at = 0; at < s->found_len;) {
        int k = s->found[at++];
        PyObject *tuple = PyTuple_New(k);
        if (!tuple) { Py_DECREF(list); return NULL; }
        for (int t = 0; t < k; t++) PyTuple_SET_ITEM(tuple, t, PyLong_FromLong(s->found[at + t]));
        at += k;
        if (PyList_Append(list, tuple) < 0) { Py_DECREF(tuple); Py_DECREF(list); return NULL; }
        Py_DECREF(tuple);
    }
    return Py_BuildValue("(NiL)", list, reason, found);
}

static PyObject *Solver_stats(Solver *s, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(LLLs)", s->nodes, s->updates, s->solutions, KERNEL_NAMES[s->kernel]);
}

/* progress() -> the share of the search tree done, 0 to 1, estimated as Knuth's DLX
 * programs do: a branch at depth l with d_1 ... d_l branches above and at it stands for
 * 1 / (d_1 ... d_l) of the tree, as if subtrees were alike; the branches done before the
 * current path, plus half the current node's own share. */
static PyObject *Solver_progress(Solver *s, PyObject *Py_UNUSED(ignored)) {
    if (s->state == ST_FINISHED) return PyFloat_FromDouble(1.0);
    if (s->state == ST_FRESH) return PyFloat_FromDouble(0.0);
    double done = 0.0, share = 1.0;
    for (int l = 0; l < s->level; l++) {
        if (s->branches_at[l] <= 0) break;
        share /= s->branches_at[l];
        done += s->index_at[l] * share;
    }
    done += 0.5 * share;
    return PyFloat_FromDouble(done < 1.0 ? done : 1.0);
}

static PyMethodDef Solver_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Solver_run, METH_VARARGS | METH_KEYWORDS,
     "run(max_solutions=0, store=True, time_limit=-1.0) -> (solutions, reason, found)"},
    {"stats", (PyCFunction)Solver_stats, METH_NOARGS, "stats() -> (nodes, updates, solutions, kernel)"},
    {"progress", (PyCFunction)Solver_progress, METH_NOARGS,
     "progress() -> the estimated share of the search tree done (0 to 1)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cpuzzler.engines._dlx.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Dancing-links exact-cover search with bounds and secondary items.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

/* ---- the memo counter ------------------------------------------------------------------
 *
 * memo_count counts solutions without visiting them one by one: it memoises the number of
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
 * keep) and the count goes on, exact, just slower.
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

typedef unsigned __int128 count128;

enum { SWEEP = 0, FEWEST = 1 };

typedef struct {
    int n_items, n_options, n_order, key_bytes, stop, depth, choice;
    int *lo, *hi, *used, *order, *bit_of, *word_of;
    int *active, *cells, *where, *option_of;  /* FEWEST's sparse sets, see cover() */
    int *opt_start, *opt_items, *item_start, *item_opts;
    int *colour, *shade, *holders;            /* colours, or colour NULL: see above */
    char *coloured;                           /* per item: some entry gives it a colour */
    size_t slot_bytes, capacity, stored, max_slots, peak_slots;
    unsigned char *slots, *key;
    long long nodes, hits, misses, dropped, evictions, check_mask;
    int overflow, no_memory;
    double deadline;
    PyThreadState *tstate;
} Memo;

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
        memcpy(m->key + m->word_of[i], &m->used[i], sizeof(int));
    }
}

static void pack_key(Memo *m, int pos, int p) {
    int deciding = p > 0 ? pos : -1;
    memcpy(m->key + m->key_bytes - 2 * sizeof(int), &p, sizeof(int));
    memcpy(m->key + m->key_bytes - sizeof(int), &deciding, sizeof(int));
}

static unsigned char *find_slot(Memo *m, const unsigned char *key, uint64_t h) {
    size_t mask = m->capacity - 1, at = (size_t)h & mask;
    for (;;) {
        unsigned char *slot = m->slots + at * m->slot_bytes;
        uint64_t sh;
        memcpy(&sh, slot, 8);
        if (sh == 0) return slot;
        if (sh == h && memcmp(slot + SLOT_HEAD, key, (size_t)m->key_bytes) == 0) return slot;
        at = (at + 1) & mask;
    }
}

/* Move every entry of old (capacity old_cap) with work >= min_work into m's table. */
static void reinsert(Memo *m, unsigned char *old, size_t old_cap, uint64_t min_work) {
    m->stored = 0;
    for (size_t k = 0; k < old_cap; k++) {
        unsigned char *slot = old + k * m->slot_bytes;
        uint64_t h, work;
        memcpy(&h, slot, 8);
        memcpy(&work, slot + 24, 8);
        if (h == 0) continue;
        if (work < min_work) { m->dropped++; continue; }
        memcpy(find_slot(m, slot + SLOT_HEAD, h), slot, m->slot_bytes);
        m->stored++;
    }
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Make room for one more entry: grow the table while the cap allows, else drop the
 * entries below the median work (sampled). */
/* The table's memory: zeroed pages from the kernel, in huge pages where it allows them
 * (a table of hundreds of megabytes probed at random misses the TLB on 4 KB pages). */
static unsigned char *table_alloc(size_t slots, size_t slot_bytes) {
    size_t bytes = slots * slot_bytes;
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    if (bytes >= (2u << 20)) madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

static void table_free(unsigned char *table, size_t slots, size_t slot_bytes) {
    if (table) munmap(table, slots * slot_bytes);
}

static void make_room(Memo *m) {
    if (2 * (m->stored + 1) <= m->capacity) return;
    if (2 * m->capacity <= m->max_slots) {
        unsigned char *old = m->slots;
        size_t old_cap = m->capacity;
        unsigned char *grown = table_alloc(2 * old_cap, m->slot_bytes);
        if (grown) {
            m->slots = grown; m->capacity = 2 * old_cap;
            reinsert(m, old, old_cap, 0);
            table_free(old, old_cap, m->slot_bytes);
            if (m->capacity > m->peak_slots) m->peak_slots = m->capacity;
            return;
        }
    }
    uint64_t sample[1024];
    int n = 0;
    size_t step = m->capacity / 1024 + 1;
    for (size_t k = 0; k < m->capacity && n < 1024; k += step) {
        uint64_t h;
        memcpy(&h, m->slots + k * m->slot_bytes, 8);
        if (h) memcpy(&sample[n++], m->slots + k * m->slot_bytes + 24, 8);
    }
    qsort(sample, (size_t)n, sizeof(uint64_t), cmp_u64);
    uint64_t median = n ? sample[n / 2] + 1 : 1;
    unsigned char *old = m->slots;
    unsigned char *fresh = table_alloc(m->capacity, m->slot_bytes);
    if (!fresh) { m->no_memory = 1; return; }
    m->slots = fresh;
    reinsert(m, old, m->capacity, median);
    if (2 * (m->stored + 1) > m->capacity) {  /* all alike: drop them all */
        memset(m->slots, 0, m->capacity * m->slot_bytes);
        m->dropped += (long long)m->stored;
        m->stored = 0;
    }
    table_free(old, m->capacity, m->slot_bytes);
    m->evictions++;
}

static inline int compatible(const Memo *m, int o) {
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
static inline void set_used(Memo *m, int j, int v) {
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
static inline void take_but(Memo *m, int o, int skip, int delta) {
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

#define SOLVED (-1)
#define DEAD (-2)

/* The item to branch on (its position in the order under SWEEP, the item itself under
 * FEWEST, left in *pos; *p reset to 0 for a new item), or SOLVED when every primary item
 * is finished, or DEAD when an item can no longer reach its lower bound (FEWEST). */
static int next_item(Memo *m, int *pos, int *p) {
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

static count128 memo_search(Memo *m, int pos, int p);

/* The count after choosing option o (at pointer p of the current item). */
static count128 memo_after(Memo *m, int o, int pos, int p) {
    take(m, o, +1);
    count128 c = memo_search(m, pos, p);
    take(m, o, -1);
    return c;
}

/* Deeper than this, the C stack could run out: the count stops with an error. */
#define MEMO_MAX_DEPTH 20000
#define MEMO_TOO_DEEP (-3)

static count128 memo_node(Memo *m, int pos, int p);

static count128 memo_search(Memo *m, int pos, int p) {
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
    uint64_t h = hash_key(m->key, m->key_bytes);
    unsigned char *slot = find_slot(m, m->key, h);
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
    if (m->no_memory) { m->stop = -2; return total; }
    pack_key(m, pos, p);  /* the key buffer was reused below */
    slot = find_slot(m, m->key, h);
    uint64_t work = (uint64_t)(m->nodes - start_nodes);
    memcpy(slot, &h, 8);
    memcpy(slot + 8, &total, 16);
    memcpy(slot + 24, &work, 8);
    memcpy(slot + SLOT_HEAD, m->key, (size_t)m->key_bytes);
    m->stored++;
    return total;
}

/* ---- uniform sampling from the memo table -------------------------------------------
 *
 * Once memo_search has counted a sub-problem, each of its branches' counts is in the
 * table (or is recounted, exactly, if it was dropped), so a solution is drawn uniformly
 * by walking down from the root: at each node, branch b is taken with probability
 * count(b) / count(node).  The product along the walk is 1 / count(root) for every
 * solution.  The random numbers are xoshiro256** seeded by splitmix64 from the caller's
 * seed, so a seed gives the same draws on every machine.
 */

static uint64_t rng_state[4];

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next_random(void) {
    uint64_t result = rotl(rng_state[1] * 5, 7) * 9, t = rng_state[1] << 17;
    rng_state[2] ^= rng_state[0]; rng_state[3] ^= rng_state[1];
    rng_state[1] ^= rng_state[2]; rng_state[0] ^= rng_state[3];
    rng_state[2] ^= t; rng_state[3] = rotl(rng_state[3], 45);
    return result;
}

/* A uniform number in [0, n), n > 0, by rejection (no modulo bias). */
static count128 random_below(count128 n) {
    count128 mask = n - 1;
    for (int shift = 1; shift < 128; shift <<= 1) mask |= mask >> shift;
    for (;;) {
        count128 r = ((count128)next_random() << 64 | next_random()) & mask;
        if (r < n) return r;
    }
}

/* Walk down from (pos, p) to one solution drawn uniformly; its options go to chosen[]. */
static int memo_draw(Memo *m, int pos, int p, int *chosen, int n_chosen) {
    for (;;) {
        int i = next_item(m, &pos, &p);
        if (m->stop || i == DEAD) return -1;  /* stopped mid-walk: never a part of one */
        if (i == SOLVED) return n_chosen;
        count128 here = memo_search(m, pos, p);
        if (here == 0 || m->stop) return -1;
        count128 r = random_below(here);
        int first = m->item_start[i], last = m->item_start[i + 1], taken = -2;
        if (m->hi[i] == 1 && m->choice == FEWEST) {  /* as memo_node does it */
            set_used(m, i, 1);
            for (int k = first; k < first + m->active[i] && taken == -2; k++) {
                int o = m->option_of[m->cells[k]];
                take_but(m, o, i, +1);
                count128 c = memo_search(m, pos, 0);
                take_but(m, o, i, -1);
                if (r < c) taken = o; else r -= c;
            }
            if (taken >= 0) { take_but(m, taken, i, +1); chosen[n_chosen++] = taken; }
            p = 0;
        } else if (m->hi[i] == 1) {
            for (int k = first; k < last && taken == -2; k++) {
                int o = m->item_opts[k];
                if (!compatible(m, o)) continue;
                count128 c = memo_after(m, o, pos, 0);
                if (r < c) taken = o; else r -= c;
            }
            if (taken == -2) {  /* the branch that closes i (lo == 0) */
                set_used(m, i, m->hi[i]);
                continue;
            }
            take(m, taken, +1);
            chosen[n_chosen++] = taken;
            p = 0;
        } else if (first + p < last) {
            int o = m->item_opts[first + p];
            count128 without = memo_search(m, pos, p + 1);
            if (r >= without) { take(m, o, +1); chosen[n_chosen++] = o; }
            p++;
        } else {
            set_used(m, i, m->hi[i]);
            p = 0;
        }
    }
}

static int read_int_list(PyObject *seq, int **out, Py_ssize_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    *n = PySequence_Fast_GET_SIZE(fast);
    *out = calloc((size_t)*n + 1, sizeof(int));
    if (!*out) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    int rc = read_ints(fast, *n, *out, what);
    Py_DECREF(fast);
    return rc;
}

static void memo_free(Memo *m) {
    free(m->lo); free(m->hi); free(m->used); free(m->order); free(m->bit_of);
    free(m->word_of); free(m->opt_start); free(m->opt_items); free(m->item_start);
    free(m->item_opts); table_free(m->slots, m->capacity, m->slot_bytes); free(m->key); free(m->active); free(m->cells);
    free(m->where); free(m->option_of);
    free(m->colour); free(m->shade); free(m->holders); free(m->coloured);
}

/* memo_count(lo, hi, secondary, options, order, memory_bytes, time_limit, samples, seed,
 *            choice, colours=None)
 *   -> (count, reason, (nodes, hits, misses, stored, peak_bytes, dropped, evictions),
 *       draws: `samples` solutions drawn uniformly, each a sorted tuple of options)
 * lo/hi/secondary per item (bounds already cut to what the options can reach), options
 * as lists of item indices, order the primary items in sweep order, choice 0 (SWEEP) or 1
 * (FEWEST), colours None or the colour of every entry of the options, one flat list. */
static PyObject *memo_count(PyObject *self, PyObject *args) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *options, *order_seq, *colour_seq = Py_None;
    double memory_bytes, time_limit;
    Py_ssize_t samples = 0;
    unsigned long long seed = 0;
    int choice = SWEEP;
    if (!PyArg_ParseTuple(args, "OOOOOdd|nKiO", &lo_seq, &hi_seq, &sec_seq, &options,
                          &order_seq, &memory_bytes, &time_limit, &samples, &seed, &choice,
                          &colour_seq))
        return NULL;
    if (choice != SWEEP && choice != FEWEST) {
        PyErr_SetString(PyExc_ValueError, "choice must be 0 (sweep) or 1 (fewest)");
        return NULL;
    }
    int *chosen = NULL;
    PyObject *draws = NULL;
    Memo m;
    memset(&m, 0, sizeof m);
    m.choice = choice;
    int *secondary = NULL;
    Py_ssize_t n, n2, n3, n_order;
    PyObject *result = NULL;
    if (read_int_list(lo_seq, &m.lo, &n, "lo") < 0 || read_int_list(hi_seq, &m.hi, &n2, "hi") < 0
        || read_int_list(sec_seq, &secondary, &n3, "secondary") < 0
        || read_int_list(order_seq, &m.order, &n_order, "order") < 0)
        goto done;
    if (n2 != n || n3 != n) { PyErr_SetString(PyExc_ValueError, "lo, hi, secondary differ in length"); goto done; }
    m.n_items = (int)n; m.n_order = (int)n_order;
    m.check_mask = check_mask_for(m.n_items);
    for (int k = 0; k < m.n_order; k++)
        if (m.order[k] < 0 || m.order[k] >= m.n_items || secondary[m.order[k]]) {
            PyErr_SetString(PyExc_ValueError, "order must list primary items"); goto done;
        }
    for (int i = 0; i < m.n_items; i++)
        if (secondary[i]) { m.lo[i] = 0; m.hi[i] = 1; }
    PyObject *fast = PySequence_Fast(options, "options");
    if (!fast) goto done;
    m.n_options = (int)PySequence_Fast_GET_SIZE(fast);
    m.opt_start = calloc((size_t)m.n_options + 2, sizeof(int));
    m.item_start = calloc((size_t)m.n_items + 2, sizeof(int));
    m.used = calloc((size_t)m.n_items + 1, sizeof(int));
    m.bit_of = calloc((size_t)m.n_items + 1, sizeof(int));
    m.word_of = calloc((size_t)m.n_items + 1, sizeof(int));
    if (!m.opt_start || !m.item_start || !m.used || !m.bit_of || !m.word_of) {
        Py_DECREF(fast); PyErr_NoMemory(); goto done;
    }
    size_t total_len = 0;
    for (int o = 0; o < m.n_options; o++) {
        Py_ssize_t k = PySequence_Size(PySequence_Fast_GET_ITEM(fast, o));
        if (k < 0) { Py_DECREF(fast); goto done; }
        total_len += (size_t)k;
    }
    m.opt_items = calloc(total_len + 1, sizeof(int));
    m.item_opts = calloc(total_len + 1, sizeof(int));
    if (!m.opt_items || !m.item_opts) { Py_DECREF(fast); PyErr_NoMemory(); goto done; }
    size_t at = 0;
    for (int o = 0; o < m.n_options; o++) {
        PyObject *opt = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, o), "option");
        if (!opt) { Py_DECREF(fast); goto done; }
        m.opt_start[o] = (int)at;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(opt);
        if (read_ints(opt, k, m.opt_items + at, "option") < 0) { Py_DECREF(opt); Py_DECREF(fast); goto done; }
        Py_DECREF(opt);
        for (Py_ssize_t t = 0; t < k; t++) {
            int j = m.opt_items[at + t];
            if (j < 0 || j >= m.n_items) {
                PyErr_Format(PyExc_ValueError, "option %d names item %d of %d", o, j, m.n_items);
                Py_DECREF(fast); goto done;
            }
            if (m.used[j] == o + 1) {  /* used serves as a mark here, reset below */
                PyErr_Format(PyExc_ValueError, "option %d names item %d twice", o, j);
                Py_DECREF(fast); goto done;
            }
            m.used[j] = o + 1;
            m.item_start[j + 1]++;
        }
        at += (size_t)k;
    }
    m.opt_start[m.n_options] = (int)at;
    Py_DECREF(fast);
    memset(m.used, 0, (size_t)m.n_items * sizeof(int));
    for (int i = 0; i < m.n_items; i++) m.item_start[i + 1] += m.item_start[i];
    {
        int *fill = calloc((size_t)m.n_items + 1, sizeof(int));
        if (!fill) { PyErr_NoMemory(); goto done; }
        for (int o = 0; o < m.n_options; o++)  /* each item's options, increasing */
            for (int k = m.opt_start[o]; k < m.opt_start[o + 1]; k++) {
                int j = m.opt_items[k];
                m.item_opts[m.item_start[j] + fill[j]++] = o;
            }
        free(fill);
    }
    if (colour_seq != Py_None) {
        Py_ssize_t n_colours;
        if (read_int_list(colour_seq, &m.colour, &n_colours, "colours") < 0) goto done;
        m.shade = calloc((size_t)m.n_items + 1, sizeof(int));
        m.holders = calloc((size_t)m.n_items + 1, sizeof(int));
        m.coloured = calloc((size_t)m.n_items + 1, 1);
        if (!m.shade || !m.holders || !m.coloured) { PyErr_NoMemory(); goto done; }
        if ((size_t)n_colours != total_len) {
            PyErr_SetString(PyExc_ValueError, "colours: one per entry of the options");
            goto done;
        }
        for (size_t k = 0; k < total_len; k++) {
            int j = m.opt_items[k];
            if (m.colour[k] < 0 || (m.colour[k] > 0 && !secondary[j])) {
                PyErr_SetString(PyExc_ValueError, "colours: only secondary items, ids >= 1");
                goto done;
            }
            if (m.colour[k]) m.coloured[j] = 1;
        }
    }
    int bits = 0, words = 0;
    for (int i = 0; i < m.n_items; i++) {
        int word = m.hi[i] != 1 || (m.coloured && m.coloured[i]);
        if (!word) { m.bit_of[i] = bits++; m.word_of[i] = -1; }
        else m.bit_of[i] = -1;
    }
    for (int i = 0; i < m.n_items; i++)
        if (m.bit_of[i] < 0) m.word_of[i] = (bits + 7) / 8 + 4 * words++;
    m.key_bytes = (bits + 7) / 8 + 4 * words + 2 * (int)sizeof(int);
    m.key = calloc((size_t)m.key_bytes, 1);
    m.slot_bytes = (SLOT_HEAD + (size_t)m.key_bytes + 7) / 8 * 8;
    m.max_slots = 1024;
    while ((double)(2 * m.max_slots * m.slot_bytes) <= memory_bytes) m.max_slots *= 2;
    m.capacity = 1024;
    m.peak_slots = m.capacity;
    m.slots = table_alloc(m.capacity, m.slot_bytes);
    m.active = calloc((size_t)m.n_items + 1, sizeof(int));
    m.cells = calloc(total_len + 1, sizeof(int));
    m.where = calloc(total_len + 1, sizeof(int));
    m.option_of = calloc(total_len + 1, sizeof(int));
    if (!m.key || !m.slots || !m.active || !m.cells || !m.where || !m.option_of) {
        PyErr_NoMemory(); goto done;
    }
    reset_lists(&m);
    m.deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    count128 total = 0;
    m.tstate = PyEval_SaveThread();
    if (time_limit == 0) m.stop = R_TIMEOUT;
    else total = memo_search(&m, 0, 0);
    PyEval_RestoreThread(m.tstate);
    draws = PyList_New(0);
    if (!draws) goto done;
    if (samples > 0 && total > 0 && !m.stop) {
        chosen = calloc((size_t)m.n_options + 1, sizeof(int));
        if (!chosen) { PyErr_NoMemory(); goto done; }
        uint64_t x = seed;
        for (int k = 0; k < 4; k++) rng_state[k] = splitmix64(&x);
        for (Py_ssize_t d = 0; d < samples && !m.stop && !m.no_memory; d++) {
            memset(m.used, 0, (size_t)m.n_items * sizeof(int));
            memset(m.key, 0, (size_t)m.key_bytes);
            if (m.colour) {
                memset(m.shade, 0, (size_t)m.n_items * sizeof(int));
                memset(m.holders, 0, (size_t)m.n_items * sizeof(int));
            }
            reset_lists(&m);
            m.tstate = PyEval_SaveThread();
            int n_chosen = memo_draw(&m, 0, 0, chosen, 0);
            PyEval_RestoreThread(m.tstate);
            if (n_chosen < 0) break;
            qsort(chosen, (size_t)n_chosen, sizeof(int), cmp_int);
            PyObject *draw = PyTuple_New(n_chosen);
            if (!draw) goto done;
            for (int t = 0; t < n_chosen; t++) PyTuple_SET_ITEM(draw, t, PyLong_FromLong(chosen[t]));
            if (PyList_Append(draws, draw) < 0) { Py_DECREF(draw); goto done; }
            Py_DECREF(draw);
        }
    }
    if (m.no_memory) { PyErr_NoMemory(); goto done; }
    if (m.stop == MEMO_TOO_DEEP) {
        PyErr_Format(PyExc_RecursionError, "the memo engine's search would go deeper than %d "
                     "levels; count this problem with the dlx engine", MEMO_MAX_DEPTH);
        goto done;
    }
    if (m.overflow) {
        PyErr_SetString(PyExc_OverflowError, "the count passes 2**128");
        goto done;
    }
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(total >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)total);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = high && shift ? PyNumber_Lshift(high, shift) : NULL;
    PyObject *value = shifted && low ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(high); Py_XDECREF(low); Py_XDECREF(shift); Py_XDECREF(shifted);
    if (!value) goto done;
    int reason = m.stop > 0 ? m.stop : R_DONE;
    result = Py_BuildValue("(Ni(LLLnnLL)O)", value, reason, m.nodes, m.hits, m.misses,
                           (Py_ssize_t)m.stored, (Py_ssize_t)(m.peak_slots * m.slot_bytes),
                           m.dropped, m.evictions, draws);
done:
    Py_XDECREF(draws);
    free(chosen);
    free(secondary);
    memo_free(&m);
    return result;
}

static PyMethodDef module_functions[] = {
    {"memo_count", memo_count, METH_VARARGS,
     "memo_count(lo, hi, secondary, options, order, memory_bytes, time_limit, samples=0, "
     "seed=0, choice=0) -> (count, reason, (nodes, hits, misses, stored, peak_bytes, "
     "dropped, evictions), draws)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef dlx_module = {
    PyModuleDef_HEAD_INIT, "_dlx", "cpuzzler's native exact-cover search.", -1,
    module_functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dlx(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&dlx_module);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType); Py_DECREF(m); return NULL;
    }
    PyModule_AddIntConstant(m, "DONE", R_DONE);
    PyModule_AddIntConstant(m, "LIMIT", R_LIMIT);
    PyModule_AddIntConstant(m, "TIMEOUT", R_TIMEOUT);
    PyModule_AddIntConstant(m, "INTERRUPTED", R_INTERRUPTED);
    return m;
}
