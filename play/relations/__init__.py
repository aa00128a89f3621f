"""Players who find one another: following and blocking (relations.py)."""
