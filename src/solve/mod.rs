//! Solvers: the article's row-major backtracking and its MRV variant as step traces, and the fast solver.
