"""8½ (Haim Shafir), the game of the rule book's rules S1–E7 and the match M1–M3: its rules, documents,
records, bots, encoding and entry. Import its public names from :mod:`eighthalf`."""
