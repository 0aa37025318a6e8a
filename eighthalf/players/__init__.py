"""Players and search written once for every game: the play loops, the shared bots and the
determinized search under them. It knows no game."""
