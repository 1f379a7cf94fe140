flags = (
    FLAG_A
    | FLAG_B
)
