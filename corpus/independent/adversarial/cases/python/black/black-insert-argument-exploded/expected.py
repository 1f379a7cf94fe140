result = compute(
    alpha,
    beta,
    gamma,
)
