struct S {
    /// doc a
    a: i32,
}
