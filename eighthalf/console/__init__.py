"""The terminal tool of every game: the interactive table (``play``) and the narrated demo.
It knows no game."""
