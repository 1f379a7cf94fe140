struct S {
    /// doc a
    a: i32,
    /// doc b
    b: i32,
}
