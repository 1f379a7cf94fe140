def render(lines):
    return "\t".join(lines)
