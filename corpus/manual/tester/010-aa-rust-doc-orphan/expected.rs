enum E {
    /// doc a
    A,
}
