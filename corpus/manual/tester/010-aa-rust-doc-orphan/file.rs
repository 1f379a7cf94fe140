enum E {
    /// doc a
    A,
    /// doc b
    B,
}
