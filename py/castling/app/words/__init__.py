"""Words written from the rules and from the player's games: rules, spoken cards and moves, dates, a win's news, difficulty."""
