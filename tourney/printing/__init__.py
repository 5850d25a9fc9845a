"""tourney.printing"""
