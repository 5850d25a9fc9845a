"""tourney.engine"""
