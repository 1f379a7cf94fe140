def parse(text):
    return [l for l in text.split("\n") if l]
