"""Private messages: an inbox of conversations between two players."""
