result = combine(
    (first, second),
    third,
)
