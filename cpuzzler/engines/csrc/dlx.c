/*
 * dlx.c -- Algorithm X with dancing links, the native engine's enumerating search,
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
 * Randomness and restarts.  The time to a first solution is heavy-tailed: one lucky
 * tie-break finds it at once, an unlucky one sends the search into a subtree with no
 * solution that it spends hours proving empty.  Seeded (rng != 0), the MRV choice breaks
 * ties among the items with the fewest branches uniformly at random (reservoir
 * sampling, one draw per tie, from a xorshift64* generator), and an item covered once
 * tries its options from a random one round its list (an item with bounds keeps its
 * order, which Algorithm M's hiding needs), so different seeds explore different trees
 * and one seed always the same one.  With restart_unit > 0, and until a
 * first solution is found, the search starts again from the root after unit * luby(1),
 * then unit * luby(2), ... nodes (Luby, Sinclair and Zuckerman's universal schedule,
 * 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...), each time with the generator where
 * the last run left it: within a constant factor of the best fixed cutoff for any
 * distribution of run times, and counted in nodes, not seconds, so that a seed replays
 * exactly on any machine.  A restart undoes every level as backtracking would, so the
 * links are as they were before the first node.  Restarts end at the first solution,
 * so going on from it lists every solution once (the run that found it began at the
 * root); a count sets no unit, having nothing to gain from them.
 *
 * Rank.  Which item to branch on is the rule that shapes the tree most.  Given a rank
 * per item (rank != NULL), the choice takes the items of least rank first and the
 * fewest branches among them; an item with no branch or one (a dead end, a forced
 * move) counts as rank 0 whatever its own, so it is never put off.  A tiling's items
 * are its pieces and its cells, and ranks say "pieces first" or "cells first"; no
 * rank is plain MRV.
 *
 * The search is iterative, with the choice at each level in item_at/choice_at, so it
 * has no recursion limit and can stop after any solution or at a time check and resume
 * later from the same state: that is how solutions reach Python in batches.
 *
 * Statistics count as Knuth counts: a node is a call of the search at a new level; an
 * update is one node taken out of a vertical list.
 */

#include "xc.h"

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

/* ---- randomness and restarts ----------------------------------------------------------- */

/* Undo every level below ``level``, deepest first, as backtracking out of each would:
 * afterwards the search stands at the root with nothing chosen. */
static void unwind(Solver *s, int level) {
    while (level > 0) {
        level--;
        int i = s->item_at[level], x = s->choice_at[level];
        if (x == CLOSE_BRANCH) {
            if (!s->single_at[level]) { s->rlink[s->llink[i]] = i; s->llink[s->rlink[i]] = i; }
        } else {
            uncommit_others(s, x);
            if (!s->single_at[level]) uncommit(s, i);
        }
        if (s->single_at[level]) uncover(s, i);
        else while (s->hidden_top > s->hidden_base[level]) unhide_option(s, s->hidden[--s->hidden_top]);
    }
}

/* ---- solutions ---------------------------------------------------------------------- */

/* Append the current solution (sorted option indices) to the buffer; -1 on no memory. */
int store_solution(Solver *s, int level) {
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

/* ---- the search --------------------------------------------------------------------- */

/*
 * Run until max_new more solutions are found (0: no limit), the search ends, the
 * deadline passes (deadline < 0: none) or Ctrl-C.  Called without the GIL; *tstate lets
 * it take the GIL back briefly to look for signals.  Returns an R_* reason.
 */
int dlx_search(Solver *s, long long max_new, int store, double deadline,
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
        s->restart_at = 0;  /* a solution is known: no more restarts */
        if (store && store_solution(s, level) < 0) { *no_memory = 1; goto stop_after_solution; }
        if (max_new > 0 && found >= max_new) goto stop_after_solution;
        goto backup;
    }
    if (s->restart_at > 0 && s->nodes >= s->restart_at && level > 0) {
        unwind(s, level);  /* and begin again at the root with the generator as it is */
        level = 0;
        s->restarts++;
        s->restart_at = s->nodes + s->restart_unit * luby(s->restarts + 1);
    }
    {   /* choose the item of least rank with the fewest branches (seeded: at random
         * among them) */
        int best = 0, best_branches = INT_MAX, best_rank = INT_MAX, ties = 0;
        const int *rank = s->rank;
        for (int k = rlink[0]; k != 0; k = rlink[k]) {
            int b = need[k] > len[k] ? 0 : len[k] + (need[k] <= 0);
            int r = rank && b > 1 ? rank[k] : 0;
            if (r < best_rank || (r == best_rank && b < best_branches)) {
                best_rank = r; best_branches = b; best = k; ties = 1;
                if (b == 0) break;
            } else if (s->rng && r == best_rank && b == best_branches
                       && solver_random(s) % (uint64_t)++ties == 0) {
                best = k;
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
    if (s->rng && s->single_at[level] && len[i] > 1)  /* begin at a random option */
        for (uint64_t k = solver_random(s) % (uint64_t)len[i]; k > 0; k--) x = dlink[x];
    s->start_at[level] = x;

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
    if (s->single_at[level]) {  /* round the list from where it began, then stop */
        if (x == i) x = dlink[i];
        if (x == s->start_at[level]) x = i;
    }
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
