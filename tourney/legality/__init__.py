"""tourney.legality"""
