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
 * The bound.  A set S of primary items no option holds two of is chosen before the
 * search (by the caller: a tiling's pieces, the queens' rows, Sudoku's cells, ...: see
 * engines/cheapest.py).  Every item of S still to be covered needs an option of its
 * own, so the partial cost plus the sum, over the uncovered items of S, of the first
 * cost in each one's list is a lower bound on any solution below this node.  DLX5 has
 * no such bound; it is what lets the search prove an optimum in the tilings, where the
 * pieces' cheapest placements say much more than a cutoff on one option at a time.
 *
 * Branching.  The item chosen has the fewest usable options: those whose net cost,
 * added to the partial cost and to the bound of the other items of S, stays below the
 * cutoff (counted only up to the fewest seen so far; ties go to the item whose cheapest
 * option is dearest, which must be paid somehow, as DLX5 does).  Its options are tried
 * cheapest first, so that good solutions come early and lower the cutoff.
 *
 * The search is recursive (the caller keeps the depth to a few thousand levels); a stop
 * (the deadline, Ctrl-C) unwinds it and keeps what was found, marked by the reason.
 */

#include "xc.h"

/* Allocate n + 1 zeroed elements, or leave with MemoryError (what is held is freed). */
#define TAKE(ptr, n) do { (ptr) = calloc((size_t)(n) + 1, sizeof(*(ptr))); \
    if (!(ptr)) { PyErr_NoMemory(); goto done; } } while (0)

typedef struct {
    int n_items, depth, k, found, stop;
    int *top, *ulink, *dlink, *option_of, *len, *llink, *rlink;
    char *primary, *in_s;                 /* per item */
    int *s_items, n_s;                    /* the items of S */
    int *s_of;                            /* per option: its item of S, or 0 */
    long long *cost;                      /* per option: net cost */
    long long *mins;                      /* per item: scratch for the bound */
    long long cutoff;                     /* LLONG_MAX until k solutions are kept */
    long long *kept_cost;                 /* per kept solution */
    int *kept_len, *kept;                 /* per kept solution: its options, depth each */
    int *chosen;                          /* per level: the option chosen */
    long long nodes, check_mask;
    double deadline;
    PyThreadState *tstate;
} Cheap;

static void hide(Cheap *c, int p) {
    for (int q = p + 1; q != p;) {
        int x = c->top[q];
        if (x <= 0) { q = c->ulink[q]; continue; }
        int u = c->ulink[q], d = c->dlink[q];
        c->dlink[u] = d; c->ulink[d] = u; c->len[x]--;
        q++;
    }
}

static void unhide(Cheap *c, int p) {
    for (int q = p - 1; q != p;) {
        int x = c->top[q];
        if (x <= 0) { q = c->dlink[q]; continue; }
        int u = c->ulink[q], d = c->dlink[q];
        c->dlink[u] = q; c->ulink[d] = q; c->len[x]++;
        q--;
    }
}

static void cover(Cheap *c, int i) {
    for (int p = c->dlink[i]; p != i; p = c->dlink[p]) hide(c, p);
    if (c->primary[i]) {
        int l = c->llink[i], r = c->rlink[i];
        c->rlink[l] = r; c->llink[r] = l;
    }
}

static void uncover(Cheap *c, int i) {
    if (c->primary[i]) { c->rlink[c->llink[i]] = i; c->llink[c->rlink[i]] = i; }
    for (int p = c->ulink[i]; p != i; p = c->ulink[p]) unhide(c, p);
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
        c->cutoff = dearest;
    }
}

static void search(Cheap *c, int level, long long partial) {
    if ((++c->nodes & c->check_mask) == 0) {
        int reason = time_to_stop(c->deadline, &c->tstate);
        if (reason >= 0) { c->stop = reason; return; }
    }
    if (c->rlink[0] == 0) { keep(c, level, partial); return; }
    /* the bound: each uncovered item of S, its cheapest option */
    long long bound = 0;
    for (int t = 0; t < c->n_s; t++) {
        int i = c->s_items[t];
        if (!c->primary[i] || c->rlink[c->llink[i]] != i) { c->mins[i] = 0; continue; }
        int p = c->dlink[i];
        if (p == i) return;  /* no option left for it */
        c->mins[i] = c->cost[c->option_of[p]];
        bound += c->mins[i];
    }
    if (partial + bound >= c->cutoff) return;
    int best = 0, fewest = INT_MAX - 1;
    long long best_min = -1;
    for (int i = c->rlink[0]; i != 0; i = c->rlink[i]) {
        long long rest = partial + bound - (c->in_s[i] ? c->mins[i] : 0);
        int usable = 0;
        long long cheapest = -1;
        for (int p = c->dlink[i]; p != i && usable <= fewest; p = c->dlink[p]) {
            int o = c->option_of[p];
            long long price = rest + c->cost[o];
            if (!c->in_s[i] && c->s_of[o]) price -= c->mins[c->s_of[o]];
            if (c->in_s[i] && price >= c->cutoff) break;  /* the list is sorted */
            if (price >= c->cutoff) continue;
            if (cheapest < 0) cheapest = c->cost[o];
            usable++;
        }
        if (usable < fewest || (usable == fewest && cheapest > best_min)) {
            best = i, fewest = usable, best_min = cheapest;
            if (usable == 0) break;
        }
    }
    if (fewest == 0) return;
    int i = best;
    cover(c, i);
    for (int p = c->dlink[i]; p != i && !c->stop; p = c->dlink[p]) {
        int o = c->option_of[p];
        long long price = partial + bound - (c->in_s[i] ? c->mins[i] : 0) + c->cost[o];
        if (!c->in_s[i] && c->s_of[o]) price -= c->mins[c->s_of[o]];
        if (price >= c->cutoff) {
            if (c->in_s[i]) break;
            continue;
        }
        for (int q = p + 1; q != p;) {
            if (c->top[q] <= 0) { q = c->ulink[q]; continue; }
            cover(c, c->top[q]);
            q++;
        }
        c->chosen[level] = o;
        search(c, level + 1, partial + c->cost[o]);
        for (int q = p - 1; q != p;) {
            if (c->top[q] <= 0) { q = c->dlink[q]; continue; }
            uncover(c, c->top[q]);
            q--;
        }
    }
    uncover(c, i);
}

static long long *sort_costs;  /* qsort has no context argument in C99 */
static int by_cost(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    if (sort_costs[x] != sort_costs[y]) return sort_costs[x] < sort_costs[y] ? -1 : 1;
    return (x > y) - (x < y);
}

int cheapest_run(int n_items, int n_options, const int *secondary, const int *opt_start,
                 const int *opt_items, const long long *costs, const int *s_items, int n_s,
                 int k, int depth, double deadline, CheapOut *out) {
    Cheap c;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    int n_nodes = n_items + opt_start[n_options] + n_options + 1;
    int *order = NULL, *holders_at = NULL, *holders = NULL, rc = -1;
    c.n_items = n_items; c.k = k; c.depth = depth; c.cutoff = LLONG_MAX;
    c.deadline = deadline; c.check_mask = check_mask_for(n_items);
    TAKE(c.top, n_nodes); TAKE(c.ulink, n_nodes); TAKE(c.dlink, n_nodes);
    TAKE(c.option_of, n_nodes); TAKE(c.len, n_items + 1); TAKE(c.llink, n_items + 1);
    TAKE(c.rlink, n_items + 1); TAKE(c.primary, n_items + 1); TAKE(c.in_s, n_items + 1);
    TAKE(c.s_items, n_s); TAKE(c.s_of, n_options); TAKE(c.cost, n_options);
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
        c.ulink[i] = c.dlink[i] = i;
        c.primary[i] = !secondary[i - 1];
        if (c.primary[i]) { c.llink[i] = prev; c.rlink[prev] = i; prev = i; }
    }
    c.rlink[prev] = 0; c.llink[0] = prev;
    for (int t = 0; t < n_s; t++) { c.s_items[t] = s_items[t] + 1; c.in_s[s_items[t] + 1] = 1; }
    int node = n_items + 1, spacer = node;
    c.top[spacer] = 0;
    for (int o = 0; o < n_options; o++) {
        int first = node + 1;
        for (int t = opt_start[o]; t < opt_start[o + 1]; t++) {
            int x = opt_items[t] + 1;
            node++;
            c.top[node] = x; c.option_of[node] = o;
            if (c.in_s[x]) c.s_of[o] = x;
        }
        c.dlink[spacer] = node;       /* the last node of the option after the spacer */
        node++;                       /* the spacer after this option */
        c.top[node] = -o - 1; c.ulink[node] = first;
        spacer = node;
    }
    c.dlink[spacer] = spacer;
    for (int o = 0; o < n_options; o++) order[o] = o;
    sort_costs = c.cost;
    qsort(order, (size_t)n_options, sizeof(int), by_cost);
    /* node of option o's t-th item: its start + t + (o + 1 spacers before, items first) */
    for (int r = 0; r < n_options; r++) {
        int o = order[r], base = n_items + 1 + opt_start[o] + o + 1;
        for (int t = 0; t < opt_start[o + 1] - opt_start[o]; t++) {
            int p = base + t, x = c.top[p];
            c.ulink[p] = c.ulink[x]; c.dlink[p] = x;
            c.dlink[c.ulink[x]] = p; c.ulink[x] = p; c.len[x]++;
        }
    }
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
    free(c.top); free(c.ulink); free(c.dlink); free(c.option_of); free(c.len);
    free(c.llink); free(c.rlink); free(c.primary); free(c.in_s); free(c.s_items);
    free(c.s_of); free(c.cost); free(c.mins); free(c.kept_cost); free(c.kept_len);
    free(c.kept); free(c.chosen); free(order); free(holders_at); free(holders);
    return rc;
}
