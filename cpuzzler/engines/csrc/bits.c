/*
 * bits.c -- the same search as dlx.c on bitsets, for 1:1 problems that fit.
 *
 * Bitsets.  When every primary item is 1:1 and the options number at most 80,000, a
 * second kernel searches the same tree (same item choice, options tried in the same
 * order, so the same solutions in the same order) with no links at all.  Each
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
 * dancing links in a fraction of the time, because it never chases a pointer.  Node
 * rates against the links kernel, on the big puzzles of the first-solution issue: 2.4x
 * at 6,919 options (pentacubes 3x9x9 open box), 2.1x at 34,500 (solid hexominoes
 * 9x9x3), 1.4x at 59,852 (one-sided hexominoes 20x18), 1.2x at 69,534 (polyominoes 1-6
 * 23x13): hence the bound of 80,000 options.
 *
 * Randomness and rank.  Seeded, the choice breaks ties among the items of fewest live
 * options at random and tries the chosen item's options from a random one round its
 * live options (index_at counts them, branches_at says how many), and a search for one
 * solution restarts on Luby's schedule in nodes, exactly as dlx.c describes ("Randomness
 * and restarts"); a restart needs no undo, level 0 still holds the root.  Given ranks,
 * the choice takes the least rank first, as dlx.c's "Rank".  The two kernels then walk
 * different trees for one seed (they draw their random numbers at different moments);
 * each replays its own exactly.
 */
#include "xc.h"

/* bits kernel: the count of an item that is not open (a count never drops by more than
 * BITS_MAX_OPTIONS, so anything at or above OPEN_LIMIT is not open) */
#define CLOSED (1 << 30)
#define OPEN_LIMIT (1 << 29)

/* Choose the kernel and, for bitsets, lay out their arrays.  Returns -1 on error. */
#define BITS_MAX_OPTIONS 80000
#define BITS_MAX_BYTES (64.0 * 1048576.0)
int bits_setup(Solver *s, const char *kernel) {
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

/* The item to branch on by rank, then fewest live options, ties at random where seeded
 * (as dlx.c chooses: a dead end or a forced move comes first whatever its rank);
 * *best_count is set to its options and *before to the option before the first one to
 * try: a random one where seeded, the rest tried round the item's live options. */
static int seeded_choice(Solver *s, const int *count, const uint64_t *live, int *best_count,
                         int *before) {
    const int *rank = s->rank, N1 = s->n_items + 1, W = s->words;
    int best = 0, best_rank = INT_MAX, fewest = INT_MAX, ties = 0;
    for (int k = 1; k < N1; k++) {
        int b = count[k];
        if (b >= OPEN_LIMIT) continue;
        int r = rank && b > 1 ? rank[k] : 0;
        if (r < best_rank || (r == best_rank && b < fewest)) {
            best_rank = r; fewest = b; best = k; ties = 1;
        } else if (s->rng && r == best_rank && b == fewest
                   && solver_random(s) % (uint64_t)++ties == 0) {
            best = k;
        }
    }
    *best_count = fewest;
    *before = -1;
    if (s->rng && fewest > 1) {
        const uint64_t *mine = s->item_opts + (size_t)best * W;
        for (uint64_t k = solver_random(s) % (uint64_t)fewest; k > 0; k--)
            *before = next_option(live, mine, W, *before);
    }
    return best;
}

/* The least of the counts: a plain minimum the compiler vectorises. */
static inline int least(const int *count, int N1) {
    int best = CLOSED;
    for (int k = 0; k < N1; k++) best = count[k] < best ? count[k] : best;
    return best;
}

/* Where the processor has AVX2, GCC builds the bitset kernel twice and picks the wider
 * vectors at load time (the minimum and the copies run 8 ints at a time instead of 4). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define WIDE_VECTORS __attribute__((target_clones("avx2", "default")))
#else
#define WIDE_VECTORS
#endif

/* Same contract as dlx_search(); see the top of this file for the state kept at each level. */
WIDE_VECTORS int bits_search(Solver *s, long long max_new, int store, double deadline,
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
        int best_count = least(count, N1), best = 0;
        if (best_count >= OPEN_LIMIT) {  /* no open item: a solution */
            s->solutions++;
            found++;
            s->restart_at = 0;  /* a solution is known: no more restarts */
            if (store && store_solution(s, level) < 0) { *no_memory = 1; goto stop_after_solution; }
            if (max_new > 0 && found >= max_new) goto stop_after_solution;
            goto backup;
        }
        if (best_count == 0) goto backup;
        if (s->restart_at > 0 && s->nodes >= s->restart_at && level > 0) {
            level = 0;  /* level 0 still holds the root: nothing to undo */
            s->restarts++;
            s->restart_at = s->nodes + s->restart_unit * luby(s->restarts + 1);
            count = s->count;
            best_count = least(count, N1);
        }
        int first = -1;
        if (s->rank || s->rng)
            best = seeded_choice(s, count, s->live + (size_t)level * W, &best_count, &first);
        else while (count[best] != best_count) best++;
        s->item_at[level] = best;
        s->choice_at[level] = first;
        s->branches_at[level] = best_count;
        s->index_at[level] = -1;
    }

next_branch: {
        const uint64_t *live = s->live + (size_t)level * W;
        int i = s->item_at[level];
        if (s->index_at[level] + 1 >= s->branches_at[level]) goto backup;
        const uint64_t *mine = item_opts + (size_t)i * W;
        int o = next_option(live, mine, W, s->choice_at[level]);
        if (o < 0) o = next_option(live, mine, W, -1);  /* round from a random first one */
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
