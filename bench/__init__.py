"""`make bench`: the app's pages timed in process beside floors timed in the same run."""
