"""Which deals: the deal of the day, deals by grade, and the links that name a deal or a game played."""
