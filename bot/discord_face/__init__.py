"""The Discord face: slash commands, buttons and selects over the table layer.

Only this package imports discord. Each handler turns an interaction into a
table call and the table's Reply into messages (see respond.py).
"""
