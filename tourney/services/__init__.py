"""tourney.services"""
