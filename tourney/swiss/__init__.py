"""tourney.swiss"""
