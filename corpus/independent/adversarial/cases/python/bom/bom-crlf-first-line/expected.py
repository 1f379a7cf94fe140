import os
import re
import sys

print(os.sep)
