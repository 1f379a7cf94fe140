fn f(n: u32) {
    // all
    for i in 0..=n {
        g(i);
    }
}
