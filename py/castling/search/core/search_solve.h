/* search_solve.c offers the host solver.solve: the stages in turn (the
 * scans, where the host asks for them, after the best-first stages),
 * resumable (started, stepped in slices of positions, a stage stopped when
 * its time is up), or in one call. */

#ifndef CASTLING_SEARCH_SOLVE_H
#define CASTLING_SEARCH_SOLVE_H

int core_solve_start(int size, int max_nodes, int first, int memory_pages, int beam, int carry_over,
                     int scan, int shuffled_too);
int core_solve_step(int slice);
int core_solve_stop(void);
int core_solve(int size, int max_nodes, int first, int beam, int carry_over, int scan,
               int shuffled_too);

#endif
