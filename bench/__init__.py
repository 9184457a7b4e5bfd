"""`make bench`: the app's pages timed in process and over HTTP, beside floors from the same run.

See bench/README.md for what is measured and how to read the output.
"""
