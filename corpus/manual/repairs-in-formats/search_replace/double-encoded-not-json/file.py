import re

DIGITS = re.compile(r"\d+")
WORD = re.compile(r"\w+")
