class IllegalAction(Exception):
    """A step the rules refuse. The message is shown to the player as is."""
