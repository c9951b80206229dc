/*
 * sample.c -- random walks down the memo engine's tree: uniform samples of solutions from
 * its table, and estimates of the tree's size without one.
 *
 * Once memo_search has counted a sub-problem, each of its branches' counts is in the
 * table (or is recounted, exactly, if it was dropped), so a solution is drawn uniformly
 * by walking down from the root: at each node, branch b is taken with probability
 * count(b) / count(node).  The product along the walk is 1 / count(root) for every
 * solution.  The random numbers are xoshiro256** seeded by splitmix64 from the caller's
 * seed, so a seed gives the same draws on every machine.
 *
 * Estimates (Knuth, "Estimating the efficiency of backtrack programs", 1975).  A PROBE
 * walks down the tree the memo engine searches (the same choice rule and branches), at
 * each node taking one of its d branches uniformly at random; the node at depth t stands
 * for the product d_1 ... d_t of the degrees above it.  Summed over the walk, those
 * products estimate the number of nodes, and the product at a solution (0 at a dead end)
 * the number of solutions, both without bias.  Purdom's partial backtracking ("Tree size
 * by partial backtracking", 1978) takes up to `breadth` distinct branches at random
 * instead of one, each standing for d / taken of them: still unbiased, with a lower
 * variance where solutions are rare, at the price of a wider walk.
 */
#include "xc.h"

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
int memo_draw(Memo *m, int pos, int p, int *chosen, int n_chosen) {
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
            take_but(m, taken, -1, +1);
            chosen[n_chosen++] = taken;
            p = 0;
        } else if (first + p < last) {
            int o = m->item_opts[first + p];
            count128 without = memo_search(m, pos, p + 1);
            if (r >= without) { take_but(m, o, -1, +1); chosen[n_chosen++] = o; }
            p++;
        } else {
            set_used(m, i, m->hi[i]);
            p = 0;
        }
    }
}

/* One probe below (pos, p): adds weight times each node met to e->nodes, and times each
 * solution met to e->solutions.  The branches are memo_node's, in its order. */
void memo_probe(Memo *m, int pos, int p, double weight, int breadth, Estimate *e) {
    int i = next_item(m, &pos, &p);
    if (m->stop) return;
    e->nodes += weight;
    if (i == SOLVED) { e->solutions += weight; return; }
    if (i == DEAD) return;
    if ((++m->nodes & m->check_mask) == 0) {
        int reason = time_to_stop(m->deadline, &m->tstate);
        if (reason >= 0) { m->stop = reason; return; }
    }
    int first = m->item_start[i], last = m->item_start[i + 1], d = 0;
    int *branch = malloc(((size_t)(last - first) + 2) * sizeof(int));  /* options; -1: close */
    if (!branch) { m->no_memory = 1; m->stop = -2; return; }
    int fewest = m->hi[i] == 1 && m->choice == FEWEST;
    if (m->hi[i] == 1) {
        if (fewest) {
            set_used(m, i, 1);
            for (int k = first; k < first + m->active[i]; k++) branch[d++] = m->option_of[m->cells[k]];
        } else {
            for (int k = first; k < last; k++)
                if (compatible(m, m->item_opts[k])) branch[d++] = m->item_opts[k];
        }
        if (m->lo[i] == 0) branch[d++] = -1;
    } else if (first + p < last) {  /* leave option p out (-1), or take it */
        branch[d++] = -1;
        if (compatible(m, m->item_opts[first + p])) branch[d++] = m->item_opts[first + p];
    } else if (m->used[i] >= m->lo[i]) {
        branch[d++] = -1;
    }
    int taken = d < breadth ? d : breadth;
    double w = weight * (double)d / (double)(taken ? taken : 1);
    for (int t = 0; t < taken && !m->stop; t++) {
        int at = t + (int)random_below((count128)(d - t));  /* a partial shuffle */
        int b = branch[at];
        branch[at] = branch[t]; branch[t] = b;
        if (m->hi[i] > 1 && first + p < last) {  /* deciding option p */
            if (b >= 0) take_but(m, b, -1, +1);
            memo_probe(m, pos, p + 1, w, breadth, e);
            if (b >= 0) take_but(m, b, -1, -1);
        } else if (b >= 0) {
            take_but(m, b, fewest ? i : -1, +1);
            memo_probe(m, pos, 0, w, breadth, e);
            take_but(m, b, fewest ? i : -1, -1);
        } else {  /* close i */
            int saved = m->used[i];
            if (!fewest) set_used(m, i, m->hi[i]);
            memo_probe(m, pos, 0, w, breadth, e);
            if (!fewest) set_used(m, i, saved);
        }
    }
    if (fewest) set_used(m, i, 0);
    free(branch);
}

void sample_seed(uint64_t seed) {
    uint64_t x = seed;
    for (int k = 0; k < 4; k++) rng_state[k] = splitmix64(&x);
}
