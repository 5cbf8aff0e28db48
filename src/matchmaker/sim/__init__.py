"""Running many games: benchmarks now; tournaments, statistics and plots to come."""
