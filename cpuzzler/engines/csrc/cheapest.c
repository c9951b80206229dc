/*
 * cheapest.c -- the k cheapest exact covers, by branch and bound on dancing links.
 *
 * Every option o has a cost c(o), a whole number of either sign; a solution costs the
 * sum of its options' costs, and the job is the k solutions of least cost (k = 1: the
 * optimum).  The primary items are each covered exactly once and there are no colours;
 * the Python side sends other problems elsewhere.  The plan is Knuth's DLX5, with one
 * bound of our own.
 *
 * Taxes.  For each primary item i in turn, let m be the least cost of an option that
 * holds i; subtract m from the cost of every option holding i and add m to the tax.
 * Afterwards every option's net cost is >= 0 (each holds a primary item, and the
 * subtraction for that item left it >= 0; later subtractions take no more than an
 * option's own least), every primary item has an option of net cost 0, and since each
 * primary item is covered exactly once, every solution costs its net cost plus the
 * whole tax.  So the search works with net costs, all >= 0, and a partial solution's
 * net cost only grows.
 *
 * Sorted lists.  Each item's vertical list holds its options in order of net cost
 * (ties by option number), and hiding and unhiding keep that order, so the first option
 * still in a list is the cheapest still possible for its item, and a walk down a list
 * can stop at the first option too dear.
 *
 * The cutoff.  The k cheapest solutions found so far are kept; while there are k, the
 * dearest of them is the cutoff, and only a partial solution that may still cost less
 * is worth going on with (a tie with the k-th is dropped, as DLX5 drops it).
 *
 * Thresholds.  Also as DLX5 does, covering an item hides only its options cheaper than
 * the cutoff less the cost so far: a dearer option, left in the other items' lists,
 * could never be chosen below (the cost so far only grows, the cutoff only falls), and
 * every walk down a list stops before it.  Uncovering uses the same threshold, saved
 * in the search's frame, and goes down the list in the same order (Knuth's remark in
 * DLX5 that the links come back all the same).  Most of a search's updates are saved.
 *
 * Prices and the unit.  The caller may pass costs net of prices on the items (a dual
 * solution of the linear relaxation, scaled by a unit and rounded down: see
 * engines/cheapest.py): the search is the same, but every solution's true cost, net
 * plus the taxes and prices, is a multiple of the unit, so a bound L already rules out
 * the k-th best's cost when L > that cost - unit: the cutoff is set that far lower.
 *
 * The bound.  Groups of primary items are chosen before the search, each a set S that
 * no option holds two items of (by the caller: a tiling's pieces, the queens' rows and
 * columns, Sudoku's cells, rows, columns and boxes with their digits: see
 * engines/cheapest.py).  Every item of S still to be covered needs an option of its
 * own, so the partial cost plus the sum, over the uncovered items of S, of the first
 * cost in each one's list is a lower bound on any solution below this node; each node
 * takes the group whose sum is largest.  DLX5 has no such bound (it cuts off one
 * option at a time); on the benchmarks' Sudoku it cuts the tree from 8.6 million nodes
 * to 0.7 million.
 *
 * Branching.  The item chosen has the fewest usable options: those whose net cost,
 * added to the partial cost and to the bound of the group's other items, stays below
 * the cutoff (counted only up to the fewest seen so far; ties go to the item whose
 * cheapest option is dearest, which must be paid somehow, as DLX5 does).  Its options
 * are tried cheapest first, so that good solutions come early and lower the cutoff,
 * and the walk stops at the first too dear (for an item outside the group, "too dear"
 * allows that the option may cover the group's dearest item).
 *
 * The search is recursive (the caller keeps it within 20,000 levels, a few MB of stack); a stop
 * (the deadline, Ctrl-C) unwinds it and keeps what was found, marked by the reason.
 *
 * Progress.  Where the caller shows a progress line it passes a callable; at the checks
 * for the deadline, at most every REPORT_SECONDS, the search takes the GIL back for a
 * moment and tells it the nodes so far, the solutions kept and the least cost among
 * them (the best so far), so that a long proof shows what it has.  A Ctrl-C that arrives
 * while the callable runs stops the search as one at a check would.
 */

#include "xc.h"

/* Allocate n + 1 zeroed elements, or leave with MemoryError (what is held is freed). */
#define TAKE(ptr, n) do { (ptr) = calloc((size_t)(n) + 1, sizeof(*(ptr))); \
    if (!(ptr)) { PyErr_NoMemory(); goto done; } } while (0)

/* A node: up and down in its item's list; its item (top, <= 0 for a spacer), option and
 * the option's net cost side by side, so that a step along a list touches one cache line. */
typedef struct { int up, down, top, option; long long cost; } Node;

#define LOOK_AHEAD 10  /* options looked at per item for the choice; past it, its length */

typedef struct {
    int n_items, n_options, depth, k, found, stop;
    long long unit;                       /* costs come in multiples of this (see above) */
    Node *nd;                             /* per node: its links, item and option */
    int *len, *llink, *rlink;
    char *primary;                        /* per item */
    int n_groups, *group_start, *s_items; /* group h: s_items[group_start[h] ...] */
    char *in_group;                       /* per group, per item: in that group */
    long long *cost;                      /* per option: net cost */
    long long *mins;                      /* per item: scratch for the bound */
    long long cutoff;                     /* LLONG_MAX until k solutions are kept */
    long long *kept_cost;                 /* per kept solution */
    int *kept_len, *kept;                 /* per kept solution: its options, depth each */
    int *chosen;                          /* per level: the option chosen */
    long long nodes, check_mask;
    long long tax;                        /* added to a net cost: the solution's cost */
    double deadline, next_report;
    PyObject *report;                     /* NULL, or told the progress (see above) */
    PyThreadState *tstate;
} Cheap;

#define REPORT_SECONDS 0.5

/* Tell c->report the nodes, the solutions kept and the least cost kept (see "Progress"). */
static void report_progress(Cheap *c) {
    double now = now_seconds();
    if (now < c->next_report) return;
    c->next_report = now + REPORT_SECONDS;
    long long least = LLONG_MAX;
    for (int t = 0; t < c->found; t++)
        if (c->kept_cost[t] < least) least = c->kept_cost[t];
    PyEval_RestoreThread(c->tstate);
    PyObject *r = c->found
        ? PyObject_CallFunction(c->report, "LiL", c->nodes, c->found, least + c->tax)
        : PyObject_CallFunction(c->report, "LiO", c->nodes, 0, Py_None);
    if (r) Py_DECREF(r);
    else {
        if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) c->stop = R_INTERRUPTED;
        PyErr_Clear();
    }
    c->tstate = PyEval_SaveThread();
}

static void hide(Cheap *c, int p) {
    for (int q = p + 1; q != p;) {
        int x = c->nd[q].top;
        if (x <= 0) { q = c->nd[q].up; continue; }
        int u = c->nd[q].up, d = c->nd[q].down;
        c->nd[u].down = d; c->nd[d].up = u; c->len[x]--;
        q++;
    }
}

static void unhide(Cheap *c, int p) {
    for (int q = p + 1; q != p;) {
        int x = c->nd[q].top;
        if (x <= 0) { q = c->nd[q].up; continue; }
        int u = c->nd[q].up, d = c->nd[q].down;
        c->nd[u].down = q; c->nd[d].up = q; c->len[x]++;
        q++;
    }
}

/* Cover item i, hiding only its options cheaper than thresh (the rest are too dear to be
 * chosen below, see "Thresholds" above); uncover with the same thresh, in the same order. */
static void cover(Cheap *c, int i, long long thresh) {
    for (int p = c->nd[i].down; p != i && c->nd[p].cost < thresh; p = c->nd[p].down)
        hide(c, p);
    if (c->primary[i]) {
        int l = c->llink[i], r = c->rlink[i];
        c->rlink[l] = r; c->llink[r] = l;
    }
}

static void uncover(Cheap *c, int i, long long thresh) {
    if (c->primary[i]) { c->rlink[c->llink[i]] = i; c->llink[c->rlink[i]] = i; }
    for (int p = c->nd[i].down; p != i && c->nd[p].cost < thresh; p = c->nd[p].down)
        unhide(c, p);
}

/* A solution of net cost `total` at depth `level`: kept if among the k cheapest. */
static void keep(Cheap *c, int level, long long total) {
    int slot = c->found;
    if (c->found < c->k) c->found++;
    else {  /* replace the dearest (the cutoff), found last among equals */
        slot = 0;
        for (int t = 1; t < c->k; t++)
            if (c->kept_cost[t] >= c->kept_cost[slot]) slot = t;
    }
    c->kept_cost[slot] = total;
    c->kept_len[slot] = level;
    memcpy(c->kept + (size_t)slot * (size_t)c->depth, c->chosen, sizeof(int) * (size_t)level);
    if (c->found == c->k) {
        long long dearest = c->kept_cost[0];
        for (int t = 1; t < c->k; t++)
            if (c->kept_cost[t] > dearest) dearest = c->kept_cost[t];
        c->cutoff = dearest - c->unit + 1;  /* a bound this far below cannot round past it */
    }
}

static void search(Cheap *c, int level, long long partial) {
    if ((++c->nodes & c->check_mask) == 0) {
        int reason = time_to_stop(c->deadline, &c->tstate);
        if (reason >= 0) { c->stop = reason; return; }
        if (c->report) {
            report_progress(c);
            if (c->stop) return;
        }
    }
    if (c->rlink[0] == 0) { keep(c, level, partial); return; }
    /* the bound: the group whose uncovered items' cheapest options cost most */
    long long bound = -1, most = 0;
    int g = 0;
    for (int h = 0; h < c->n_groups; h++) {
        long long sum = 0, top = 0;
        for (int t = c->group_start[h]; t < c->group_start[h + 1]; t++) {
            int i = c->s_items[t];
            if (c->rlink[c->llink[i]] != i) { c->mins[i] = 0; continue; }  /* covered */
            int p = c->nd[i].down;
            if (p == i) return;  /* no option left for it */
            c->mins[i] = c->nd[p].cost;
            sum += c->mins[i];
            if (c->mins[i] > top) top = c->mins[i];
        }
        if (sum > bound) bound = sum, most = top, g = h;
    }
    if (bound < 0) bound = 0;
    if (partial + bound >= c->cutoff) return;
    const char *in_s = c->in_group + (size_t)g * (size_t)(c->n_items + 1);
    int best = 0, fewest = INT_MAX - 1;
    long long best_min = -1;
    for (int i = c->rlink[0]; i != 0; i = c->rlink[i]) {
        /* options below this cost may be used: a sorted list is walked to the first
         * above it (for an item outside the group, allowing that the option may cover
         * the group's dearest item) */
        long long below = c->cutoff - partial - bound + (in_s[i] ? c->mins[i] : most);
        int usable = 0;
        long long cheapest = -1;
        for (int p = c->nd[i].down; p != i && usable <= fewest; p = c->nd[p].down) {
            if (c->nd[p].cost >= below) break;
            if (usable == 0) cheapest = c->nd[p].cost;
            if (++usable > LOOK_AHEAD) { usable = c->len[i]; break; }  /* as DLX5 does */
        }
        if (usable < fewest || (usable == fewest && cheapest > best_min)) {
            best = i, fewest = usable, best_min = cheapest;
            if (usable == 0) break;
        }
    }
    if (fewest == 0) return;
    /* below, the children overwrite mins: what the options need is kept here.  An
     * option of an item outside the group may pay for the dearest item of the group */
    int i = best;
    long long rest = partial + bound - (in_s[i] ? c->mins[i] : most);
    long long thresh0 = c->cutoff - partial - c->nd[c->nd[i].down].cost;
    cover(c, i, thresh0);
    for (int p = c->nd[i].down; p != i && !c->stop; p = c->nd[p].down) {
        int o = c->nd[p].option;
        if (rest + c->nd[p].cost >= c->cutoff) break;  /* the list is sorted */
        long long thresh = c->cutoff - partial - c->nd[p].cost;
        for (int q = p + 1; q != p;) {
            if (c->nd[q].top <= 0) { q = c->nd[q].up; continue; }
            cover(c, c->nd[q].top, thresh);
            q++;
        }
        c->chosen[level] = o;
        search(c, level + 1, partial + c->nd[p].cost);
        for (int q = p - 1; q != p;) {
            if (c->nd[q].top <= 0) { q = c->nd[q].down; continue; }
            uncover(c, c->nd[q].top, thresh);
            q--;
        }
    }
    uncover(c, i, thresh0);
}

static long long *sort_costs;  /* qsort has no context argument in C99 */
static int by_cost(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    if (sort_costs[x] != sort_costs[y]) return sort_costs[x] < sort_costs[y] ? -1 : 1;
    return (x > y) - (x < y);
}

int cheapest_run(int n_items, int n_options, const int *secondary, const int *opt_start,
                 const int *opt_items, const long long *costs, const int *groups,
                 int n_groups_entries, int k, long long unit, int depth, double deadline,
                 PyObject *report, CheapOut *out) {
    Cheap c;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    int n_nodes = n_items + opt_start[n_options] + n_options + 1;
    int *order = NULL, *holders_at = NULL, *holders = NULL, rc = -1;
    c.n_items = n_items; c.n_options = n_options; c.k = k; c.depth = depth; c.cutoff = LLONG_MAX;
    c.unit = unit;
    c.deadline = deadline; c.check_mask = check_mask_for(n_items);
    c.report = report == Py_None ? NULL : report;
    c.next_report = now_seconds() + REPORT_SECONDS;
    TAKE(c.nd, n_nodes); TAKE(c.len, n_items + 1); TAKE(c.llink, n_items + 1);
    int n_groups = 0;
    for (int t = 0; t < n_groups_entries; t++) n_groups += groups[t] < 0;
    c.n_groups = n_groups;
    TAKE(c.rlink, n_items + 1); TAKE(c.primary, n_items + 1);
    TAKE(c.in_group, (size_t)n_groups * (size_t)(n_items + 1));
    TAKE(c.group_start, n_groups + 1); TAKE(c.s_items, n_groups_entries);
    TAKE(c.cost, n_options);
    TAKE(c.mins, n_items + 1); TAKE(c.kept_cost, k); TAKE(c.kept_len, k);
    TAKE(c.chosen, depth); TAKE(order, n_options);
    c.kept = calloc((size_t)k * (size_t)depth + 1, sizeof(int));
    if (!c.kept) { PyErr_NoMemory(); goto done; }
    /* taxes: net costs >= 0; each item's options found through a count per item */
    TAKE(holders_at, n_items + 1); TAKE(holders, opt_start[n_options]);
    for (int t = 0; t < opt_start[n_options]; t++) holders_at[opt_items[t] + 1]++;
    for (int i = 0; i < n_items; i++) holders_at[i + 1] += holders_at[i];
    for (int o = 0; o < n_options; o++)
        for (int t = opt_start[o]; t < opt_start[o + 1]; t++)
            holders[holders_at[opt_items[t]]++] = o;
    for (int i = n_items; i > 0; i--) holders_at[i] = holders_at[i - 1];
    holders_at[0] = 0;
    memcpy(c.cost, costs, sizeof(long long) * (size_t)n_options);
    long long tax = 0;
    for (int i = 0; i < n_items; i++) {
        if (secondary[i]) continue;
        long long least = LLONG_MAX;
        for (int t = holders_at[i]; t < holders_at[i + 1]; t++)
            if (c.cost[holders[t]] < least) least = c.cost[holders[t]];
        if (least == LLONG_MAX) { rc = 0; out->reason = R_DONE; goto done; }  /* uncoverable */
        tax += least;
        for (int t = holders_at[i]; t < holders_at[i + 1]; t++) c.cost[holders[t]] -= least;
    }
    /* the links: items 1..n, the active list of primary items; options by cost */
    int prev = 0;
    for (int i = 1; i <= n_items; i++) {
        c.nd[i].up = c.nd[i].down = i;
        c.primary[i] = !secondary[i - 1];
        if (c.primary[i]) { c.llink[i] = prev; c.rlink[prev] = i; prev = i; }
    }
    c.rlink[prev] = 0; c.llink[0] = prev;
    for (int t = 0, h = 0, n = 0; t < n_groups_entries; t++) {
        if (groups[t] < 0) { c.group_start[++h] = n; continue; }
        c.s_items[n++] = groups[t] + 1;
        c.in_group[(size_t)h * (size_t)(n_items + 1) + (size_t)groups[t] + 1] = 1;
    }
    int node = n_items + 1, spacer = node;
    c.nd[spacer].top = 0;
    for (int o = 0; o < n_options; o++) {
        int first = node + 1;
        for (int t = opt_start[o]; t < opt_start[o + 1]; t++) {
            int x = opt_items[t] + 1;
            node++;
            c.nd[node].top = x; c.nd[node].option = o; c.nd[node].cost = c.cost[o];
        }
        c.nd[spacer].down = node;       /* the last node of the option after the spacer */
        node++;                       /* the spacer after this option */
        c.nd[node].top = -o - 1; c.nd[node].up = first;
        spacer = node;
    }
    c.nd[spacer].down = spacer;
    for (int o = 0; o < n_options; o++) order[o] = o;
    sort_costs = c.cost;
    qsort(order, (size_t)n_options, sizeof(int), by_cost);
    /* node of option o's t-th item: its start + t + (o + 1 spacers before, items first) */
    for (int r = 0; r < n_options; r++) {
        int o = order[r], base = n_items + 1 + opt_start[o] + o + 1;
        for (int t = 0; t < opt_start[o + 1] - opt_start[o]; t++) {
            int p = base + t, x = c.nd[p].top;
            c.nd[p].up = c.nd[x].up; c.nd[p].down = x;
            c.nd[c.nd[x].up].down = p; c.nd[x].up = p; c.len[x]++;
        }
    }
    c.tax = tax;
    c.tstate = PyEval_SaveThread();
    search(&c, 0, 0);
    PyEval_RestoreThread(c.tstate);
    out->reason = c.stop ? c.stop : R_DONE;
    out->nodes = c.nodes;
    out->found = c.found;
    out->tax = tax;
    out->costs = c.kept_cost; c.kept_cost = NULL;
    out->lengths = c.kept_len; c.kept_len = NULL;
    out->options = c.kept; c.kept = NULL;
    rc = 0;
done:
    free(c.nd); free(c.len);
    free(c.llink); free(c.rlink); free(c.primary); free(c.in_group); free(c.group_start);
    free(c.s_items);
    free(c.cost); free(c.mins); free(c.kept_cost); free(c.kept_len);
    free(c.kept); free(c.chosen); free(order); free(holders_at); free(holders);
    return rc;
}
