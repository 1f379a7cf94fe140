fn f(
    /// doc a
    a: i32,
) {}
