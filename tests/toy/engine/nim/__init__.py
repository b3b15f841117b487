"""Nim, the toy game of docs/developing.md's walkthrough: a pile of counters, each side
takes one to three in turn, and whoever takes the last one wins."""

from engine.contract import declared
from engine.games.nim import ai, rules, texts

GAME = declared(rules, texts, ai, LISTED=90)
