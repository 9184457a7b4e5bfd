"""WTForms forms, one module per area; input checks live here, game rules in `rules/`."""
