"""Player statistics and skill ratings: figures read from the kept per-session totals."""
