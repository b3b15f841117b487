"""What /rules says of Nim."""

RULES_SUMMARY = ("**Nim**: a pile of counters (option `counters`, 15). Each turn takes 1 to 3 "
                 "of them (`/play take2`); whoever takes the last counter wins.")
