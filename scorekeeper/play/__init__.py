"""Operations at the table: games, hands and corrections, May I?, leaving, suspending."""
