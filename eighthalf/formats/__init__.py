"""Formats every game shares: JSON documents and their schemas, text records and their replay.
It knows no game."""
