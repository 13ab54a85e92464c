// Solver lives here.
