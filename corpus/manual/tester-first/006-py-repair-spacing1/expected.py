def render(lines):
    return "\n\n".join(lines)
