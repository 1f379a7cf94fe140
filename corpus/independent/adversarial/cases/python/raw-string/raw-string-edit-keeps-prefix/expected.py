import re

PAT = r"\d*"  # digits
