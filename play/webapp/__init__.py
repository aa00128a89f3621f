"""The site as an app a phone installs: its manifest, its service worker (the static files
kept for a visit without the network, and the offline page; never a game), the offline page."""
