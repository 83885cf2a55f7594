"""What a position *is*: plain frozen data with no rules in it."""
