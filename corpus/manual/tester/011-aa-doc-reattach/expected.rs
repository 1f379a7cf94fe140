struct S {
    /// doc b
    b: i32,
}
