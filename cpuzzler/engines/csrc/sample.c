/*
 * sample.c -- uniform sampling of solutions from the memo engine's table.
 *
 * Once memo_search has counted a sub-problem, each of its branches' counts is in the
 * table (or is recounted, exactly, if it was dropped), so a solution is drawn uniformly
 * by walking down from the root: at each node, branch b is taken with probability
 * count(b) / count(node).  The product along the walk is 1 / count(root) for every
 * solution.  The random numbers are xoshiro256** seeded by splitmix64 from the caller's
 * seed, so a seed gives the same draws on every machine.
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

void sample_seed(uint64_t seed) {
    uint64_t x = seed;
    for (int k = 0; k < 4; k++) rng_state[k] = splitmix64(&x);
}
