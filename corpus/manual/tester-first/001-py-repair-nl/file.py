def render(lines):
    return "\n".join(lines)
