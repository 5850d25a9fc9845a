"""tourney.sheets"""
