"""Club nights and tournaments: registered players, seated rounds on a clock, the room's screen."""
