"""Operations on a league: the league, its players, settings, seasons, rule sets, accounts."""
