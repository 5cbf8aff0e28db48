"""Running many games: simulations, tournaments, statistics, plots and benchmarks."""
