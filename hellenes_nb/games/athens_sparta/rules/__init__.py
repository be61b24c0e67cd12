"""The rules of *Athens & Sparta*, by chapter of the rules (§5 combat, §6 siege attrition)."""
