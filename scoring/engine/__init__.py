"""Pure-Python scoring engines for every rule family: no Django, exact arithmetic."""
