result = compute(
    alpha,
    beta,
)
