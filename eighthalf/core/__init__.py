"""The kernel every game needs: the game protocol, the errors, frozen values, the registry of games,
the languages and the shuffle. It knows no game."""
