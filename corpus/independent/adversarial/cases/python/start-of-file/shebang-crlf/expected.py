#!/usr/bin/env python3
# -*- coding: utf-8 -*-
import os

os.exit(0)
