/*
 * frontier_layout.c -- the frontier counter's layout: what frontier.c reads at every state,
 * computed once from the problem and its sweep order before the count begins.
 *
 * Positions.  pos_of[i] is item i's place in the sweep order (-1: not in it, so
 * secondary).  An option's FIRST position is the least place of its primary items; an
 * option with none is never chosen.  first_opts lists the options by first position
 * (first_start[k] .. first_start[k + 1] - 1 are those of k), in increasing index: the
 * order in which a state at k decides them.
 *
 * Expiry.  expire_at[i] is one past the greatest first position of an option holding
 * item i (0: in no option).  expire_items lists the items by it, so that emitting a
 * state towards position t finishes (or kills) exactly the items expiring there.
 *
 * Live items.  The items live at position k (see frontier.c, Keys) are those reached by
 * an option of first position below k, not yet expired, and not swept before k.  Each
 * item is live on one interval of positions, so the lists are laid out by counting: a
 * pass to size each interval, a pass to fill the lists, each list in increasing item
 * order; linear in the items and the lists' lengths (a scan of every item at every
 * position took seconds on forty thousand items).  A live item takes a bit of the key
 * (live_bit) when it is plain with hi == 1, else four bytes after the bits (live_word);
 * a layer's key_bytes is their sum (one at least), its slots start NARROW.
 *
 * Bit mode.  Where every item is a bit (see frontier.c, Bit mode), each item gets a bit:
 * its place in the sweep, the items outside the order after them.  Then each option of
 * first_opts becomes a mask (opt_bits, in the same order), each position its expiring
 * items (and those of them with lo > 0, which a state must have covered), its template
 * (the items before it, or expired), its live items, and the RUNS that gather a state's
 * bits into its key: stretches of live items whose bits follow one another both in the
 * Bits and in the key, within one 64-bit word of each.  The masks cost 32 bytes an
 * option, so a matrix of a million options takes 32 MB more.  frontier_allow_bit_mode(0)
 * keeps the general way, for the tests that compare the two.
 */
#include "xc.h"

static int allow_bit_mode = 1;

int frontier_allow_bit_mode(int allow) {
    int was = allow_bit_mode;
    allow_bit_mode = allow;
    return was;
}

/* Lay out bit mode where the problem allows it (see Bit mode); -1: no memory. */
static int prepare_bit_mode(Frontier *f) {
    const uint16_t one = 1;
    int n = f->n_items, places = f->n_order;
    if (!allow_bit_mode || f->colour || n > 64 * BITS_WORDS || *(const unsigned char *)&one != 1)
        return 0;
    for (int i = 0; i < n; i++)
        if (f->hi[i] != 1 || f->lo[i] > 1) return 0;
    int *bit_of = NULL, extra = places;
    ALLOC(bit_of, n);
    for (int i = 0; i < n; i++) bit_of[i] = f->pos_of[i] >= 0 ? f->pos_of[i] : extra++;
    ALLOC(f->opt_bits, f->n_options);  /* as first_opts: a position's options side by side */
    for (int u = 0; u < f->first_start[places]; u++) {
        int o = f->first_opts[u];
        for (int t = f->opt_start[o]; t < f->opt_start[o + 1]; t++)
            bit_set(&f->opt_bits[u], bit_of[f->opt_items[t]]);
    }
    ALLOC(f->expiring, places + 1); ALLOC(f->expiring_low, places + 1);
    for (int b = 0; b <= places; b++)
        for (int t = f->expire_start[b]; t < f->expire_start[b + 1]; t++) {
            int j = f->expire_items[t];
            bit_set(&f->expiring[b], bit_of[j]);
            if (f->lo[j] > 0) bit_set(&f->expiring_low[b], bit_of[j]);
        }
    ALLOC(f->template_bits, places + 1);  /* as make_template: before k, or expired */
    for (int k = 0; k <= places; k++)
        for (int i = 0; i < n; i++)
            if ((f->pos_of[i] >= 0 && f->pos_of[i] < k) || f->expire_at[i] <= k)
                bit_set(&f->template_bits[k], bit_of[i]);
    ALLOC(f->run_start, places + 2); ALLOC(f->runs, f->live_start[places + 1]);
    int runs = 0;
    for (int k = 0; k <= places; k++) {
        f->run_start[k] = runs;
        for (int t = f->live_start[k]; t < f->live_start[k + 1]; t++) {
            int from = bit_of[f->live_items[t]], to = f->live_bit[t];
            BitRun *last = runs > f->run_start[k] ? &f->runs[runs - 1] : NULL;
            if (last && last->from + last->len == from && last->to + last->len == to
                    && from >> 6 == last->from >> 6 && to >> 6 == last->to >> 6) {
                last->len++;
            } else {
                f->runs[runs++] = (BitRun){(unsigned short)from, (unsigned short)to, 1};
            }
        }
    }
    f->run_start[places + 1] = runs;
    ALLOC(f->live_bits, places + 1);
    for (int k = 0; k <= places; k++)
        for (int t = f->live_start[k]; t < f->live_start[k + 1]; t++)
            bit_set(&f->live_bits[k], bit_of[f->live_items[t]]);
    free(bit_of);
    f->bit_mode = 1;
    return 0;
}

int frontier_prepare(Frontier *f, const int *secondary, double memory_bytes) {
    int n = f->n_items, m = f->n_options;
    f->memory_cap = memory_bytes;
    ALLOC(f->pos_of, n); ALLOC(f->used, n); ALLOC(f->scratch, n);
    ALLOC(f->undo_item, n); ALLOC(f->undo_used, n); ALLOC(f->undo_shade, n);
    f->n_undo = -1;
    f->template_at = -1;
    f->spill_bytes = -1; f->spill_at = -1;
    f->keep_from = 1; f->keep_to = 0;  /* no layer kept */
    f->far_from = f->far_to = 0;
    ALLOC(f->first_start, f->n_order + 2); ALLOC(f->first_opts, m);
    ALLOC(f->expire_start, f->n_order + 3); ALLOC(f->expire_items, n);
    ALLOC(f->layers, f->n_order + 1); ALLOC(f->live_start, f->n_order + 2);
    ALLOC(f->layer_states, f->n_order + 1); ALLOC(f->layer_seconds, f->n_order + 1);
    ALLOC(f->layer_peak, f->n_order + 1);
    int *first = NULL, *expire_at;
    ALLOC(first, m); ALLOC(f->expire_at, n);
    expire_at = f->expire_at;
    for (int i = 0; i < n; i++) {
        f->pos_of[i] = -1;
        if (secondary[i]) { f->lo[i] = 0; f->hi[i] = 1; }
    }
    for (int k = 0; k < f->n_order; k++) f->pos_of[f->order[k]] = k;
    for (int i = 0; i < n; i++) expire_at[i] = 0;  /* in no option: expired at once */
    for (int o = 0; o < m; o++) {
        first[o] = -1;
        for (int t = f->opt_start[o]; t < f->opt_start[o + 1]; t++) {
            int p = f->pos_of[f->opt_items[t]];
            if (p >= 0 && (first[o] < 0 || p < first[o])) first[o] = p;
        }
        if (first[o] < 0) continue;  /* no primary item: never chosen */
        f->first_start[first[o] + 1]++;
        for (int t = f->opt_start[o]; t < f->opt_start[o + 1]; t++) {
            int j = f->opt_items[t];
            if (first[o] + 1 > expire_at[j]) expire_at[j] = first[o] + 1;
        }
    }
    for (int k = 0; k < f->n_order; k++) f->first_start[k + 1] += f->first_start[k];
    int *fill = f->scratch;  /* borrowed: zeroed below */
    for (int o = 0; o < m; o++)
        if (first[o] >= 0) f->first_opts[f->first_start[first[o]] + fill[first[o]]++] = o;
    for (int i = 0; i < n; i++) f->expire_start[expire_at[i] + 1]++;
    for (int b = 0; b <= f->n_order + 1; b++) f->expire_start[b + 1] += f->expire_start[b];
    memset(fill, 0, (size_t)(n + 1) * sizeof(int));
    for (int i = 0; i < n; i++)
        f->expire_items[f->expire_start[expire_at[i]] + fill[expire_at[i]]++] = i;
    memset(fill, 0, (size_t)(n + 1) * sizeof(int));
    free(first);
    if (f->colour) {
        size_t total_len = (size_t)f->opt_start[m];
        ALLOC(f->coloured, n); ALLOC(f->shade, n); ALLOC(f->scratch_shade, n);
        ALLOC(f->saved, total_len);
        for (size_t k = 0; k < total_len; k++)
            if (f->colour[k]) f->coloured[f->opt_items[k]] = 1;
    }
    /* The live items of each position k: reached (reach_at <= k), not expired (k <
     * expire_at), not swept before k (k <= pos_of).  Each item is live on one interval of
     * positions, so the lists are laid out by counting, each in increasing item order:
     * linear in the items and the lists' lengths (a scan of every item at every position
     * took seconds on forty thousand items). */
    int places = f->n_order + 1, *reach_at = NULL, *from_at = NULL, *until = NULL;
    ALLOC(reach_at, n); ALLOC(from_at, n); ALLOC(until, n);
    for (int i = 0; i < n; i++) reach_at[i] = INT_MAX;
    for (int k = 0; k < f->n_order; k++)
        for (int t = f->first_start[k]; t < f->first_start[k + 1]; t++) {
            int o = f->first_opts[t];
            for (int u = f->opt_start[o]; u < f->opt_start[o + 1]; u++)
                if (k + 1 < reach_at[f->opt_items[u]]) reach_at[f->opt_items[u]] = k + 1;
        }
    size_t *starts = NULL;
    ALLOC(starts, places + 1);  /* the number live at k, then where k's list starts */
    for (int i = 0; i < n; i++) {
        int last = f->expire_at[i];
        if (f->pos_of[i] >= 0 && f->pos_of[i] + 1 < last) last = f->pos_of[i] + 1;
        if (last > places) last = places;
        from_at[i] = reach_at[i] < last ? reach_at[i] : last;
        until[i] = last;
        for (int k = from_at[i]; k < last; k++) starts[k]++;
    }
    size_t live_total = 0;
    for (int k = 0; k < places; k++) {
        size_t live = starts[k];
        starts[k] = live_total;
        f->live_start[k] = (int)live_total;
        live_total += live;
    }
    f->live_start[places] = (int)live_total;
    ALLOC(f->live_items, live_total); ALLOC(f->live_bit, live_total);
    ALLOC(f->live_word, live_total);
    for (int i = 0; i < n; i++)
        for (int k = from_at[i]; k < until[i]; k++) f->live_items[starts[k]++] = i;
    for (int k = 0; k < places; k++) {
        int bits = 0, words = 0;
        for (int t = f->live_start[k]; t < f->live_start[k + 1]; t++) {
            int i = f->live_items[t];
            int word = f->hi[i] != 1 || (f->coloured && f->coloured[i]);
            f->live_bit[t] = word ? -1 : bits;
            f->live_word[t] = word ? 4 * words : 0;
            if (word) words++; else bits++;
        }
        int bit_bytes = (bits + 7) / 8;  /* the words follow the bits */
        for (int t = f->live_start[k]; t < f->live_start[k + 1]; t++)
            if (f->live_bit[t] < 0) f->live_word[t] += bit_bytes;
        Layer *l = &f->layers[k];
        l->key_bytes = bit_bytes + 4 * words;
        if (l->key_bytes == 0) l->key_bytes = 1;
        set_head(l, NARROW);
        if (l->key_bytes > f->key_bytes) f->key_bytes = l->key_bytes;
    }
    free(reach_at); free(from_at); free(until); free(starts);
    ALLOC(f->key, f->key_bytes);
    ALLOC(f->template, n);
    f->check_mask = check_mask_for(n) >> 4;  /* a state costs about what 16 nodes do */
    return prepare_bit_mode(f);
}
