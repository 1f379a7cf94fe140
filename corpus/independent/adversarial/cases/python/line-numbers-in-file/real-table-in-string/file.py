TABLE = """
  1 | one
  2 | two
"""
