"""Events: club nights and tournaments, their rounds and seating."""
