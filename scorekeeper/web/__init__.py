"""Web glue: who may do what, the one commit per request, security headers."""
