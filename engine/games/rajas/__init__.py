"""Rajas of the Ganges (Inka & Markus Brand, HUCH! 2017): under way (issue 15). So far the
components as data (data/, a labelled reconstruction) and their validator (data.py)."""
