"""Rules files whose rules each count the one before: the shape of issue 32's 4 KB file that
held a worker for minutes."""

# A 10-set hand: four pungs, a pair and five bonus tiles (the most a hand can record is 13).
TEN_SETS = ["PEM", "PED", "PEE", "PES", "TCD", "F 1", "F 2", "F 3", "F 4", "S 1"]


def counting_chain(rules: int, link: str = "{previous}S|G**|T**|F**|S**") -> str:
    """A rules file of ``rules`` rules from ID 10 on: the first counts the sets, each later one
    the activations of the one before it and the sets again (``link``)."""
    lines = ["Counting chain", '10 3 "Sets" "G**|T**|F**|S**" 1 0']
    for rule in range(11, 10 + rules):
        code = link.format(previous=rule - 1)
        lines.append(f'{rule} 3 "Counts rule {rule - 1}" "{code}" 1 0')
    return "\n".join([*lines, "// END", ""])
