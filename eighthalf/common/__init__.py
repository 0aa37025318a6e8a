"""What the games of eighthalf share, below each game's own package.

Nothing here knows a game's rules. Each module holds one mechanism that both 8½ and
Eights use; the games' public names stay in their own packages.
"""
