"""Pictures of a position: SVG of a state, a view, a move and a record's position, for every game.

The shared machinery lives here, below the games: :mod:`eighthalf.pictures.svg` (escaping,
elements, the :class:`~eighthalf.pictures.svg.Picture` a notebook shows),
:mod:`eighthalf.pictures.faces` (a card, drawn from the browser's own style sheet of the
cards) and :mod:`eighthalf.pictures.layout` (a table in rows). Each game draws its own table
with them, in its own folder, and gives its drawings to the registry as a
:class:`~eighthalf.pictures.drawings.Pictures` (:attr:`eighthalf.registry.GameEntry.pictures`);
a game that gives none is drawn plainly, as text (:data:`~eighthalf.pictures.drawings.PLAIN`).
"""
