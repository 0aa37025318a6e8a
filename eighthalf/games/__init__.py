"""The games of the library, one folder each: 8½ (:mod:`eighthalf.games.eighthalf`) and Eights
(:mod:`eighthalf.games.eights`). No folder imports another; the registry finds each by its entry point."""
