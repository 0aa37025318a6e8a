"""The simulation tool of every game: the runner over an executor, the figures it gathers and the
summary it prints. It knows no game."""
