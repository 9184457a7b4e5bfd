"""Browser tests: the app in Debian's Chromium at a phone's size, driven as a family would."""
