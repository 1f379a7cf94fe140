CONFIG = dict(
    name="x",
    retries=3,
    timeout=10,
    debug=True,
)
