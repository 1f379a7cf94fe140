point = (
    x,
)
