"""Commands: the flask CLI, backup and restore, the demo league, the production server."""
