flags = (
    FLAG_A
    | FLAG_C
)
