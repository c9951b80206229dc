/*
 * frontier.c -- the frontier counter: counting exact covers breadth-first, layer by layer.
 *
 * The memo engine (memo.c) counts depth-first and keeps every state it has met; this file
 * counts the same sub-problems in the order a transfer matrix does, so that only the
 * states still ahead are held.  The primary items come in a fixed SWEEP ORDER (a
 * tiling's cells column by column along its longer side).  The FIRST position of an
 * option is the place in that order of its earliest primary item.  What this file reads
 * at every state (the options by first position, the items by expiry, the live items
 * and keys of each position, bit mode's masks) is laid out once by frontier_layout.c.
 *
 * State.  used[i] is how many chosen options cover item i, or hi[i] once i is FINISHED:
 * covered as often as it may be, or closed.  A state's FIRST OPEN position k is the
 * first place in the sweep order whose item is not finished.  Every option whose first
 * position is below k holds a finished item, so it can no longer be chosen: all that is
 * left to decide from a state at k are the options of first position k and later.
 *
 * Layers.  LAYER k is a table of the states whose first open position is k, each with
 * the number of ways (sets of options chosen) that reach it.  Layers are processed in
 * increasing k.  PROCESSING a state at k with item i = order[k] decides i: every set of
 * compatible options of first position k (all of which hold i) that brings used[i] to at
 * least lo[i] and at most hi[i] is chosen in turn, i is closed, and the resulting state
 * is EMITTED: its count added into the layer of its own first open position (always past
 * k), or, when no position is open, into the total.  Each set of options is thereby
 * reached in exactly one way (options are decided in the layer of their first position,
 * a layer's options in increasing index), so the total is the number of exact covers.
 * Then layer k is freed: at any moment only the layers from k on are held.
 *
 * Canonical states.  An item is EXPIRED at position t when every option holding it has a
 * first position below t.  When a state is emitted towards position t, each expired item
 * with used < lo can never be covered enough: the state is dead and dropped.  Every other
 * expired item is set to hi (finished), so states that differ only in items no later
 * option touches are merged.  Setting items to finished may move the first open position
 * on, so expiry and the search for the first open position alternate until they agree.
 *
 * Colours.  An entry of an option may give its secondary item a colour (colour[k] > 0).
 * shade[j] is the colour item j is held in (0: none); an entry is compatible at j when it
 * is plain and j is held by nobody, or coloured c and j is held by no plain entry and in
 * no other colour.  A coloured item's part of the key is -1 when held plainly, else its
 * shade.  Options are taken and given back in last-in first-out order while a state is
 * processed, so each coloured take saves the shade it found on a stack.
 *
 * Keys.  At position k an item is LIVE when an option of first position below k holds
 * it (else it is untouched: 0), it has not expired by k (else it is finished) and it is
 * secondary or not before k in the order (else it is finished).  Only the live items
 * vary among the states of layer k, so its keys pack only those: a bit per plain item
 * with hi == 1, four bytes per other one; the rest is the layer's TEMPLATE.  Along a
 * sweep the live items are a window (a few columns of cells, and the pieces), so keys
 * stay short however large the board.  Keys are stored in full and compared in full:
 * never a hash alone.  A layer is an open-addressing table (linear probing) of slots
 * [count][key], packed (count 0: an empty slot), doubled at three quarters full (at
 * half full the tables took 1.7 times the memory, no faster).  A slot's count takes 8
 * bytes while every count of its table fits in 64 bits, which is nearly always (a
 * key is a few bytes: the count was most of a slot); the first sum that does not fit
 * WIDENS that table to 16-byte counts, slot for slot in place of the old (the same
 * capacity and hashes, so each key keeps its slot), until the layer is freed.  Counts are
 * unsigned 128-bit; an overflow is reported, never wrapped.  The sum of the live tables'
 * bytes is kept under the memory cap: past it the run stops with no_memory set.
 *
 * Bit mode.  Where every item is a bit (hi == 1, lo at most 1, no colours, at most 256
 * items: the polyform tilings), a state is held while it is processed as a Bits, one
 * bit per item (set: used, so finished), numbered so that bit k is the item at place k
 * of the sweep (the items outside the order after them).  Then an option is compatible
 * when its Bits meet the state's nowhere, choosing it is an OR, the first open position
 * is the first clear bit, expiry is a mask per position, and a key is the state's bits
 * gathered in RUNS (a stretch of live items whose bits follow one another in the key and
 * in the Bits).  The keys are the same bytes as the general way packs them, so the work
 * folders of either are read by both; frontier_allow_bit_mode(0) turns it off (the
 * tests compare the two).  States emitted in bit mode wait in a short ring while their
 * slots are fetched into the cache.  On a shard of the heptiamonds 4x21's layer 83 (1.1
 * million states) a step took 0.9 to 1.2 s, against 3.6 to 4.1 s before bit mode, the
 * prefetching and the spare tables.
 *
 * Spare tables.  Processing a layer's shards on disk step by step (frontier_open) makes
 * tables of the same sizes over and over, and the kernel zeroing fresh pages took a
 * tenth of the time.  There a freed table is kept as a spare (its bytes still counted
 * against the cap) and handed out again, cleared by memset, for a table of its size;
 * spares are given back to the kernel when a new table would pass the cap.
 *
 * Stopping.  Every check_mask + 1 states processed the clock and Ctrl-C are looked at; a
 * stop leaves the total of the solutions reached so far: a lower bound.  It also leaves
 * where it stopped: the layer, and the first slot of its table not processed (a stop
 * falls between two states, each state's emitted states added), so the count can go on
 * from the layers as they stand.
 *
 * Spilling.  A count given a work folder runs in memory first, as long as its tables
 * stay under spill_bytes, and stops (R_SPILL) between two states once they pass it; the
 * layers as they stand (the rest of the current one and the ones ahead) are then written
 * to disk and the count goes on there.  A count that fits never touches the disk.  The
 * line is a third of the cap: a state's emissions double each table at most once, and a
 * table doubling holds its old and new slots for a moment, so from a third the tables
 * can never pass the cap in the middle of a state (which would leave a state half
 * emitted, and nothing consistent to write).  A count meeting in the middle on disk
 * also spills at the start of the first layer its lookups keep (spill_at), at the
 * latest: the kept layers' copies are written as the disk processes them.
 *
 * On disk.  frontier_count holds every live layer in memory.  For counts past memory the
 * same steps are offered one at a time (frontier_start, frontier_load, frontier_layer):
 * Python (engines/frontier/disk.py) keeps each layer as files of RECORDS [count][key],
 * split into shards by the key's hash (frontier_shard_of), loads one shard of a layer,
 * processes it, and appends what it emitted to the files of the later layers.  A key
 * is met in one shard only, so every state is still merged before it is processed.
 * A record's count takes 16 bytes, or 8 in the COMPACT records (a state's count is
 * nearly always far below 2**63, and the count is most of a record): there a count
 * c < 2**63 is written as it is, a larger one as two records of the same key, c's low
 * 63 bits and, with the top bit set, c >> 63 (meaning that many times 2**63); loading
 * adds records of one key up, so the pair comes back as c.  Past 2**126 a count does
 * not fit two such records: reported as an overflow.  A record never carries 0 (an
 * empty slot's mark).
 */
#include "xc.h"

#include <sys/mman.h>

static uint64_t hash_bytes(const unsigned char *key, int n) {
    uint64_t h = 1469598103934665603ULL;  /* FNV-1a, then a final mix */
    for (int k = 0; k < n; k++) { h ^= key[k]; h *= 1099511628211ULL; }
    h ^= h >> 29; h *= 0xbf58476d1ce4e5b9ULL; h ^= h >> 32;
    return h;
}

/* The hash a table probes by (in memory only: the shard of a key is hash_bytes's). */
static inline uint64_t key_hash(const unsigned char *key, int n) {
    uint64_t h = 0x9e3779b97f4a7c15ULL * (uint64_t)(n + 1);
    for (int at = 0; at < n; at += 8) {
        uint64_t w = 0;
        memcpy(&w, key + at, (size_t)(n - at < 8 ? n - at : 8));
        h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    h *= 0x94d049bb133111ebULL; h ^= h >> 32;
    return h;
}

static inline int slot_empty(const Layer *l, const unsigned char *slot) {
    uint64_t a, b = 0;
    memcpy(&a, slot, 8);
    if (l->head == WIDE) memcpy(&b, slot + 8, 8);
    return (a | b) == 0;
}

count128 slot_count(const Layer *l, const unsigned char *slot) {
    if (l->head == WIDE) { count128 c; memcpy(&c, slot, sizeof c); return c; }
    uint64_t c;
    memcpy(&c, slot, sizeof c);
    return c;
}

static size_t layer_bytes(const Frontier *f, const Layer *l) {
    return l->capacity * l->slot_bytes;
}

/* Give a table's bytes back: kept as a spare (still counted against the cap) when `keep`
 * and there is room among the spares, else unmapped. */
static void table_free(Frontier *f, unsigned char *slots, size_t bytes, int keep) {
    if (keep && f->n_spares < SPARE_TABLES) {
        f->spares[f->n_spares] = slots;
        f->spare_bytes[f->n_spares++] = bytes;
    } else {
        munmap(slots, bytes);
        f->bytes -= bytes;
    }
}

void layer_release(Frontier *f, Layer *l) {
    if (l->slots) {
        table_free(f, l->slots, layer_bytes(f, l), f->keep_spares);
        l->hint = l->capacity;
    }
    l->slots = NULL; l->capacity = l->stored = 0;
    set_head(l, NARROW);
}

/* Zeroed table bytes: a spare of that size cleared, or new pages (the spares given back
 * first where new ones would pass the cap).  NULL past the cap. */
static unsigned char *table_alloc(Frontier *f, size_t bytes) {
    for (int s = 0; s < f->n_spares; s++)
        if (f->spare_bytes[s] == bytes) {
            unsigned char *slots = f->spares[s];
            f->spares[s] = f->spares[--f->n_spares];
            f->spare_bytes[s] = f->spare_bytes[f->n_spares];
            memset(slots, 0, bytes);
            return slots;
        }
    while (f->n_spares > 0 && (double)(f->bytes + bytes) > f->memory_cap) {
        f->n_spares--;
        munmap(f->spares[f->n_spares], f->spare_bytes[f->n_spares]);
        f->bytes -= f->spare_bytes[f->n_spares];
    }
    if ((double)(f->bytes + bytes) > f->memory_cap) return NULL;
    unsigned char *slots = pages_alloc(bytes);
    if (slots) f->bytes += bytes;
    return slots;
}

/* The live items of position k: live_items[live_start[k] ..], each with its bit in the
 * key (or -1) and otherwise the offset of its four bytes. */
static void pack(const Frontier *f, int k, const int *used, const int *shade,
                 unsigned char *key) {
    memset(key, 0, (size_t)f->layers[k].key_bytes);
    for (int t = f->live_start[k]; t < f->live_start[k + 1]; t++) {
        int i = f->live_items[t], bit = f->live_bit[t];
        if (f->coloured && f->coloured[i]) {
            int v = used[i] ? -1 : shade[i];
            memcpy(key + f->live_word[t], &v, sizeof(int));
        } else if (bit >= 0) {
            if (used[i]) key[bit >> 3] |= (unsigned char)(1u << (bit & 7));
        } else {
            memcpy(key + f->live_word[t], &used[i], sizeof(int));
        }
    }
}

/* used[] and shade[] of a state of layer k from its key: used[] holds the layer's
 * template already (see make_template), so only the live items are written. */
static void unpack(const Frontier *f, int k, const unsigned char *key, int *used, int *shade) {
    if (shade) memset(shade, 0, (size_t)f->n_items * sizeof(int));
    for (int t = f->live_start[k]; t < f->live_start[k + 1]; t++) {
        int i = f->live_items[t], bit = f->live_bit[t];
        if (f->coloured && f->coloured[i]) {
            int v;
            memcpy(&v, key + f->live_word[t], sizeof(int));
            used[i] = v < 0;
            shade[i] = v < 0 ? 0 : v;
        } else if (bit >= 0) {
            used[i] = (key[bit >> 3] >> (bit & 7)) & 1;
        } else {
            memcpy(&used[i], key + f->live_word[t], sizeof(int));
        }
    }
}

/* The template of position k: items before k and expired ones finished, the rest 0;
 * used[] set to it.  Processing a state leaves used[] as unpack made it (options are
 * taken and given back; emit_closed undoes what it changed), so from one layer to the
 * next only the live items of the last and the items finished at k change: the work of a
 * layer stays with its window, not with all the items (on forty thousand items the full
 * copy at every layer and every state was most of the time). */
static void make_template(Frontier *f, int k) {
    int n = f->n_items;
    if (f->template_at == k) return;
    if (f->template_at >= 0 && f->template_at == k - 1) {
        for (int t = f->live_start[k - 1]; t < f->live_start[k]; t++) {
            int i = f->live_items[t];
            f->used[i] = f->template[i];
        }
        int i = f->order[k - 1];  /* before k now */
        f->template[i] = f->used[i] = f->hi[i];
        for (int t = f->expire_start[k]; t < f->expire_start[k + 1]; t++) {
            int j = f->expire_items[t];
            f->template[j] = f->used[j] = f->hi[j];
        }
    } else {
        for (int i = 0; i < n; i++) {
            int before = f->pos_of[i] >= 0 && f->pos_of[i] < k;
            f->template[i] = before || f->expire_at[i] <= k ? f->hi[i] : 0;
        }
        memcpy(f->used, f->template, (size_t)n * sizeof(int));
    }
    f->template_at = k;
}

static unsigned char *probe_hashed(const Layer *l, const unsigned char *key, uint64_t hash) {
    size_t mask = l->capacity - 1, at = (size_t)hash & mask;
    for (;;) {
        unsigned char *slot = l->slots + at * l->slot_bytes;
        if (slot_empty(l, slot)) return slot;
        if (memcmp(slot + l->head, key, (size_t)l->key_bytes) == 0) return slot;
        at = (at + 1) & mask;
    }
}

static unsigned char *probe(const Layer *l, const unsigned char *key) {
    return probe_hashed(l, key, key_hash(key, l->key_bytes));
}

/* Give layer l room for one more state: allocate or double it.  0, or -1 past the cap.
 * A table begins as large as it was when last freed (the shards of a layer on disk are
 * alike): fewer doublings, each of which re-places every state. */
static int layer_room(Frontier *f, Layer *l) {
    if (l->slots && 4 * (l->stored + 1) <= 3 * l->capacity) return 0;
    size_t capacity = l->slots ? 2 * l->capacity : 64;
    unsigned char *slots = NULL;
    if (!l->slots && l->hint > capacity && (slots = table_alloc(f, l->hint * l->slot_bytes)))
        capacity = l->hint;
    if (!slots && !(slots = table_alloc(f, capacity * l->slot_bytes))) return -1;
    Layer grown = *l;
    grown.slots = slots; grown.capacity = capacity; grown.stored = 0;
    for (size_t k = 0; k < l->capacity; k++) {
        unsigned char *slot = l->slots + k * l->slot_bytes;
        if (slot_empty(l, slot)) continue;
        memcpy(probe(&grown, slot + l->head), slot, l->slot_bytes);
        grown.stored++;
    }
    /* a table outgrown is of a size not met again soon: not kept */
    table_free(f, l->slots, layer_bytes(f, l), 0);
    *l = grown;
    if (f->bytes > f->peak_bytes) f->peak_bytes = f->bytes;
    return 0;
}

/* Widen layer l's table to 16-byte counts (see Keys), slot for slot; -1 past the cap. */
static int widen(Frontier *f, Layer *l) {
    Layer wide = *l;
    set_head(&wide, WIDE);
    if (!(wide.slots = table_alloc(f, wide.capacity * wide.slot_bytes))) return -1;
    for (size_t k = 0; k < l->capacity; k++) {
        const unsigned char *slot = l->slots + k * l->slot_bytes;
        if (slot_empty(l, slot)) continue;
        unsigned char *to = wide.slots + k * wide.slot_bytes;
        count128 c = slot_count(l, slot);
        memcpy(to, &c, sizeof c);
        memcpy(to + WIDE, slot + NARROW, (size_t)l->key_bytes);
    }
    table_free(f, l->slots, layer_bytes(f, l), 0);
    *l = wide;
    if (f->bytes > f->peak_bytes) f->peak_bytes = f->bytes;
    return 0;
}

/* Add c ways to the state of layer l with the given key (and its key_hash). */
static void add_hashed(Frontier *f, Layer *l, const unsigned char *key, uint64_t hash,
                       count128 c) {
    if (layer_room(f, l) < 0) { f->no_memory = 1; return; }
    unsigned char *slot = probe_hashed(l, key, hash);
    if (l->head == NARROW) {
        uint64_t had, sum;
        memcpy(&had, slot, sizeof had);
        if (!(c >> 64) && !__builtin_add_overflow(had, (uint64_t)c, &sum)) {
            if (had == 0) {
                memcpy(slot + NARROW, key, (size_t)l->key_bytes);
                l->stored++;
            }
            memcpy(slot, &sum, sizeof sum);
            return;
        }
        size_t at = (size_t)(slot - l->slots) / l->slot_bytes;
        if (widen(f, l) < 0) { f->no_memory = 1; return; }
        slot = l->slots + at * l->slot_bytes;
    }
    count128 had;
    memcpy(&had, slot, sizeof had);
    if (had == 0) {
        memcpy(slot + WIDE, key, (size_t)l->key_bytes);
        l->stored++;
    }
    count128 sum = had + c;
    if (sum < had) f->overflow = 1;
    memcpy(slot, &sum, sizeof sum);
}

static void add_to_layer(Frontier *f, Layer *l, const unsigned char *key, count128 c) {
    add_hashed(f, l, key, key_hash(key, l->key_bytes), c);
}

/* Add c ways to the total of covers found. */
static void add_total(Frontier *f, count128 c) {
    count128 sum = f->total + c;
    if (sum < f->total) f->overflow = 1;
    f->total = sum;
}

/* Add c ways to the state used[] as it stands once the decisions of the positions below
 * `from` are made: made canonical (see Canonical states), then into its layer or the
 * total.  used[] is changed: the caller passes a copy, or logs the changes (n_undo >= 0,
 * each expired item once). */
static void emit(Frontier *f, int *used, int *shade, int from, count128 c) {
    int next = from, boundary = from;
    for (;;) {
        for (; boundary <= next && boundary <= f->n_order; boundary++)
            for (int t = f->expire_start[boundary]; t < f->expire_start[boundary + 1]; t++) {
                int j = f->expire_items[t];
                if (used[j] < f->lo[j]) return;  /* can never be covered enough */
                if (f->n_undo >= 0) {  /* logged: emit_closed undoes it */
                    f->undo_item[f->n_undo] = j;
                    f->undo_used[f->n_undo] = used[j];
                    f->undo_shade[f->n_undo++] = shade ? shade[j] : 0;
                }
                used[j] = f->hi[j];
                if (shade) shade[j] = 0;
            }
        while (next < f->n_order && used[f->order[next]] >= f->hi[f->order[next]]) next++;
        if (boundary > next || boundary > f->n_order) break;
    }
    if (next == f->n_order) {
        add_total(f, c);
        return;
    }
    pack(f, next, used, shade, f->key);
    add_to_layer(f, &f->layers[next], f->key, c);
}

static int compatible_option(const Frontier *f, int o) {
    for (int k = f->opt_start[o]; k < f->opt_start[o + 1]; k++) {
        int j = f->opt_items[k];
        if (f->colour && f->colour[k]) {
            if (f->used[j] || (f->shade[j] && f->shade[j] != f->colour[k])) return 0;
        } else if (f->used[j] >= f->hi[j] || (f->shade && f->shade[j])) {
            return 0;
        }
    }
    return 1;
}

/* Take option o (delta 1) or give it back (delta -1, the last one taken). */
static void take(Frontier *f, int o, int delta) {
    if (delta > 0) {
        for (int k = f->opt_start[o]; k < f->opt_start[o + 1]; k++) {
            int j = f->opt_items[k];
            if (f->colour && f->colour[k]) {
                f->saved[f->n_saved++] = f->shade[j];
                f->shade[j] = f->colour[k];
            } else {
                f->used[j]++;
            }
        }
    } else {
        for (int k = f->opt_start[o + 1] - 1; k >= f->opt_start[o]; k--) {
            int j = f->opt_items[k];
            if (f->colour && f->colour[k]) f->shade[j] = f->saved[--f->n_saved];
            else f->used[j]--;
        }
    }
}

/* Emit used[] with item i closed, from a state at position k; used[] and shade[] as
 * they were after (emit's changes logged and undone, last first: no copy of every item). */
static void emit_closed(Frontier *f, int k, int i, count128 c) {
    int was = f->used[i];
    f->used[i] = f->hi[i];
    f->n_undo = 0;
    emit(f, f->used, f->shade, k + 1, c);
    while (f->n_undo > 0) {
        f->n_undo--;
        int j = f->undo_item[f->n_undo];
        f->used[j] = f->undo_used[f->n_undo];
        if (f->shade) f->shade[j] = f->undo_shade[f->n_undo];
    }
    f->n_undo = -1;
    f->used[i] = was;
}

/* Decide item i = order[k]: every set of the options first_opts[t..] of position k, taken
 * in increasing index, that keeps used[i] within its bounds (see Layers). */
static void decide(Frontier *f, int k, int i, int t, count128 c) {
    if (f->used[i] >= f->lo[i]) emit_closed(f, k, i, c);
    for (; t < f->first_start[k + 1] && !f->no_memory; t++) {
        int o = f->first_opts[t];
        if (!compatible_option(f, o)) continue;
        take(f, o, 1);
        if (f->used[i] >= f->hi[i]) emit_closed(f, k, i, c);
        else decide(f, k, i, t + 1, c);
        take(f, o, -1);
    }
}

/* ---- Bit mode ---- */

static inline uint64_t run_mask(int len) {
    return len == 64 ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1;
}

/* The key of the state s at position k: its live items' bits, run by run. */
static void pack_bits(const Frontier *f, int k, const Bits *s, unsigned char *key) {
    uint64_t words[BITS_WORDS] = {0};
    for (int r = f->run_start[k]; r < f->run_start[k + 1]; r++) {
        const BitRun *run = &f->runs[r];
        words[run->to >> 6] |= ((s->w[run->from >> 6] >> (run->from & 63))
                                & run_mask(run->len)) << (run->to & 63);
    }
    memcpy(key, words, (size_t)f->layers[k].key_bytes);  /* little-endian: as pack() */
}

/* The state of layer k with the given key: the template, then the key's runs. */
static void unpack_bits(const Frontier *f, int k, const unsigned char *key, Bits *s) {
    uint64_t words[BITS_WORDS] = {0};
    memcpy(words, key, (size_t)f->layers[k].key_bytes);
    *s = f->template_bits[k];
    for (int r = f->run_start[k]; r < f->run_start[k + 1]; r++) {
        const BitRun *run = &f->runs[r];
        s->w[run->from >> 6] |= ((words[run->to >> 6] >> (run->to & 63))
                                 & run_mask(run->len)) << (run->from & 63);
    }
}

void frontier_state_bits(const Frontier *f, int k, const unsigned char *key, Bits *s) {
    unpack_bits(f, k, key, s);
}

int frontier_key_bits(Frontier *f, int k, const Bits *t, unsigned char *key) {
    for (int w = 0; w < BITS_WORDS; w++)  /* outside the key, t must be the template */
        if ((t->w[w] ^ f->template_bits[k].w[w]) & ~f->live_bits[k].w[w]) return 0;
    pack_bits(f, k, t, key);
    return 1;
}

count128 frontier_lookup_bits(Frontier *f, int k, const Bits *t) {
    return frontier_key_bits(f, k, t, f->key) ? frontier_lookup_key(f, k, f->key) : 0;
}

count128 frontier_lookup_key(Frontier *f, int k, const unsigned char *key) {
    const Layer *l = &f->layers[k];
    if (!l->slots) return 0;
    const unsigned char *slot = probe(l, key);
    return slot_empty(l, slot) ? 0 : slot_count(l, slot);
}

/* The first place p >= from (and below n) whose bit is clear, or n. */
static inline int first_open_bit(const Bits *s, int p, int n) {
    while (p < n) {
        uint64_t open = ~s->w[p >> 6] >> (p & 63);
        if (open) { p += __builtin_ctzll(open); return p < n ? p : n; }
        p = (p | 63) + 1;
    }
    return n;
}

/* The states emitted in bit mode wait in a ring of PENDING_ADDS before they are added,
 * their slots fetched into the cache meanwhile (a table's slots are met at random: most
 * of the time went in waiting for them). */
static void add_pending(Frontier *f, Pending *p) {
    add_hashed(f, &f->layers[p->layer], p->key, p->hash, p->c);
}

static void flush_pending(Frontier *f) {
    for (int r = f->n_pending; r > 0; r--)
        add_pending(f, &f->pending[(f->pending_at - r + PENDING_ADDS) % PENDING_ADDS]);
    f->n_pending = f->pending_at = 0;
}

static void queue_state(Frontier *f, int k, const Bits *t, count128 c) {
    Pending *p = &f->pending[f->pending_at];
    if (f->n_pending == PENDING_ADDS) add_pending(f, p);  /* the oldest */
    else f->n_pending++;
    Layer *l = &f->layers[k];
    pack_bits(f, k, t, p->key);
    p->layer = k; p->c = c; p->hash = key_hash(p->key, l->key_bytes);
    if (l->slots) __builtin_prefetch(l->slots + (p->hash & (l->capacity - 1)) * l->slot_bytes, 1);
    f->pending_at = (f->pending_at + 1) % PENDING_ADDS;
}

/* emit() in bit mode: t's expired items finished (or t dropped), then into its layer. */
static void emit_bits(Frontier *f, Bits t, int from, count128 c) {
    int next = from, boundary = from, n = f->n_order;
    for (;;) {
        for (; boundary <= next && boundary <= n; boundary++) {
            const Bits *low = &f->expiring_low[boundary], *all = &f->expiring[boundary];
            uint64_t short_of = 0;
            for (int w = 0; w < BITS_WORDS; w++) short_of |= low->w[w] & ~t.w[w];
            if (short_of) return;  /* an item can never be covered enough */
            for (int w = 0; w < BITS_WORDS; w++) t.w[w] |= all->w[w];
        }
        next = first_open_bit(&t, next, n);
        if (boundary > next || boundary > n) break;
    }
    if (next == n) {
        add_total(f, c);
        return;
    }
    queue_state(f, next, &t, c);
}

/* decide() in bit mode: item order[k] closed empty (where it may be), or by one option. */
static void decide_bits(Frontier *f, int k, const Bits *s, count128 c) {
    Bits t;
    if (f->lo[f->order[k]] == 0) {
        t = *s;
        bit_set(&t, k);
        emit_bits(f, t, k + 1, c);
    }
    for (int u = f->first_start[k]; u < f->first_start[k + 1] && !f->no_memory; u++) {
        const Bits *m = &f->opt_bits[u];
        uint64_t meet = 0;
        for (int w = 0; w < BITS_WORDS; w++) {
            meet |= s->w[w] & m->w[w];
            t.w[w] = s->w[w] | m->w[w];
        }
        if (!meet) emit_bits(f, t, k + 1, c);
    }
}

void frontier_start(Frontier *f) {
    memset(f->scratch, 0, (size_t)f->n_items * sizeof(int));
    emit(f, f->scratch, f->scratch_shade, 0, 1);
}

int frontier_covers_none(const Frontier *f, int k, const unsigned char *key, int from, int to) {
    Bits state;
    frontier_state_bits(f, k, key, &state);
    for (int p = from; p < to; p++)
        if (state.w[p >> 6] >> (p & 63) & 1) return 0;
    return 1;
}

/* A layer kept for meet.c's lookups, once processed: only its states a lookup may ask
 * for (covering no place past the lookups' last, meet.c's USEFUL ones: a tenth of the
 * pentominoes 5x12's) are moved into a table sized for them, each state tested once (its
 * slot marked, then moved).  Where that table would pass the cap the whole layer stays:
 * the same counts, more memory. */
static void keep_useful(Frontier *f, Layer *l, int k) {
    size_t useful = 0, capacity = 64;
    uint64_t *marked = calloc(l->capacity / 64 + 1, sizeof *marked);  /* the useful slots */
    if (!marked) return;
    for (size_t s = 0; s < l->capacity; s++) {
        const unsigned char *slot = l->slots + s * l->slot_bytes;
        if (!slot_empty(l, slot) &&
            frontier_covers_none(f, k, slot + l->head, f->far_from, f->far_to)) {
            marked[s >> 6] |= (uint64_t)1 << (s & 63);
            useful++;
        }
    }
    while (4 * (useful + 1) > 3 * capacity) capacity *= 2;  /* layer_room's load */
    Layer kept = *l;
    if (capacity < l->capacity && (kept.slots = table_alloc(f, capacity * l->slot_bytes))) {
        kept.capacity = capacity; kept.stored = 0;
        for (size_t s = 0; s < l->capacity; s++) {
            if (!(marked[s >> 6] >> (s & 63) & 1)) continue;
            const unsigned char *slot = l->slots + s * l->slot_bytes;
            memcpy(probe(&kept, slot + l->head), slot, l->slot_bytes);
            kept.stored++;
        }
        table_free(f, l->slots, layer_bytes(f, l), 0);
        *l = kept;
    }
    free(marked);
}

int frontier_layer(Frontier *f, int k, double deadline) {
    Layer *l = &f->layers[k];
    double start = now_seconds();
    /* many small layers pass few states: the clock is read at each layer too */
    size_t s = f->resume_slot;
    f->resume_slot = 0;
    f->stop_layer = k; f->stop_slot = s;
    if (deadline >= 0 && start > deadline) return R_TIMEOUT;
    if (f->spill_bytes >= 0 && k == f->spill_at) return R_SPILL;
    f->layer_states[k] = (long long)l->stored;
    f->layer_peak[k] = (long long)f->bytes;
    if (!f->bit_mode) make_template(f, k);
    for (; s < l->capacity && !f->no_memory; s++) {
        unsigned char *slot = l->slots + s * l->slot_bytes;
        if (slot_empty(l, slot)) continue;
        count128 c = slot_count(l, slot);
        if (f->bit_mode) {
            Bits state;
            unpack_bits(f, k, slot + l->head, &state);
            decide_bits(f, k, &state, c);
        } else {
            unpack(f, k, slot + l->head, f->used, f->shade);
            decide(f, k, f->order[k], f->first_start[k], c);
        }
        int reason = -1;
        if ((++f->states_done & f->check_mask) == 0) reason = time_to_stop(deadline, &f->tstate);
        if (f->spill_bytes >= 0 && (double)f->bytes > f->spill_bytes) reason = R_SPILL;
        if (reason >= 0) {
            flush_pending(f);
            f->stop_slot = s + 1;
            f->layer_seconds[k] = now_seconds() - start;
            return reason;
        }
    }
    flush_pending(f);
    if (k < f->keep_from || k > f->keep_to) layer_release(f, l);  /* kept: see meet.c */
    else if (f->far_to > f->far_from && f->bit_mode && l->slots) keep_useful(f, l, k);
    f->layer_seconds[k] = now_seconds() - start;
    return R_DONE;
}

int frontier_heads(count128 c, int head, unsigned char heads[2][16]) {
    if (head == 16) { memcpy(heads[0], &c, 16); return 1; }
    const uint64_t top = (uint64_t)1 << 63;
    uint64_t low = (uint64_t)c & (top - 1), high = (uint64_t)(c >> 63);
    if (c >> 126) return 0;
    int n = 0;
    if (low) { memcpy(heads[n], &low, 8); n++; }
    if (high) { high |= top; memcpy(heads[n], &high, 8); n++; }
    return n;
}

count128 frontier_head_count(const unsigned char *record, int head) {
    count128 c;
    if (head == 16) { memcpy(&c, record, 16); return c; }
    uint64_t v;
    memcpy(&v, record, 8);
    return v >> 63 ? (count128)(v & ~((uint64_t)1 << 63)) << 63 : (count128)v;
}

#define LOAD_AHEAD 8  /* records hashed, and their slots fetched, before they are added */

int frontier_load(Frontier *f, int k, const unsigned char *records, size_t n, int head) {
    Layer *l = &f->layers[k];
    size_t record = (size_t)l->key_bytes + (size_t)head;
    uint64_t hashes[LOAD_AHEAD];
    for (size_t r = 0; r < n + LOAD_AHEAD; r++) {
        if (r >= LOAD_AHEAD) {
            size_t q = r - LOAD_AHEAD;
            count128 c = frontier_head_count(records + q * record, head);
            if (c != 0) {  /* 0: never written; an empty slot's mark if loaded */
                add_hashed(f, l, records + q * record + head, hashes[q % LOAD_AHEAD], c);
                if (f->no_memory) return -1;
            }
        }
        if (r < n) {
            uint64_t hash = key_hash(records + r * record + head, l->key_bytes);
            hashes[r % LOAD_AHEAD] = hash;
            if (l->slots)
                __builtin_prefetch(l->slots + (hash & (l->capacity - 1)) * l->slot_bytes, 1);
        }
    }
    return 0;
}

size_t frontier_shard_of(const Layer *l, const unsigned char *key, size_t shards) {
    /* the high half (a table once probed by the low bits of the same hash) */
    return (size_t)((hash_bytes(key, l->key_bytes) >> 32) % shards);
}

int frontier_count(Frontier *f, double deadline) {
    frontier_start(f);
    return frontier_layers(f, f->n_order, deadline);
}

int frontier_layers(Frontier *f, int upto, double deadline) {
    for (int k = 0; k < upto && !f->no_memory; k++) {
        int reason = frontier_layer(f, k, deadline);
        if (reason != R_DONE) return reason;
        f->layers_done = k + 1;
        if (f->on_layer) {  /* tell Python (a progress line); an exception stops the count */
            PyEval_RestoreThread(f->tstate);
            PyObject *r = PyObject_CallFunction(f->on_layer, "iLLd", k, f->layer_states[k],
                                                f->layer_peak[k], f->layer_seconds[k]);
            Py_XDECREF(r);
            int failed = r == NULL;
            f->tstate = PyEval_SaveThread();
            if (failed) { f->stop_layer = k + 1; f->stop_slot = 0; return R_INTERRUPTED; }
        }
    }
    return R_DONE;
}

void frontier_free(Frontier *f) {
    f->keep_spares = 0;
    if (f->layers)
        for (int k = 0; k <= f->n_order; k++) layer_release(f, &f->layers[k]);
    while (f->n_spares > 0) {
        f->n_spares--;
        munmap(f->spares[f->n_spares], f->spare_bytes[f->n_spares]);
    }
    free(f->layers); free(f->pos_of); free(f->used); free(f->scratch);
    free(f->undo_item); free(f->undo_used); free(f->undo_shade);
    free(f->first_start); free(f->first_opts); free(f->expire_at); free(f->template);
    free(f->live_start); free(f->live_items); free(f->live_bit); free(f->live_word);
    free(f->expire_start); free(f->expire_items); free(f->key);
    free(f->layer_states); free(f->layer_seconds); free(f->layer_peak);
    free(f->lo); free(f->hi); free(f->order); free(f->opt_start); free(f->opt_items);
    free(f->colour); free(f->coloured); free(f->shade); free(f->scratch_shade); free(f->saved);
    free(f->opt_bits); free(f->expiring); free(f->expiring_low); free(f->template_bits);
    free(f->run_start); free(f->runs); free(f->live_bits);
}
