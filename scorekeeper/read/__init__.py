"""Read models and printing: the referee card, scoresheet, standings, player pages, charts, PDFs."""
