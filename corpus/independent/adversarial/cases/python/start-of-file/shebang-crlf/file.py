#!/usr/bin/env python3
import os

os.exit(0)
