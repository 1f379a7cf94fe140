fn f(s: &str) {
    let n = s.parse::<i32>().unwrap(); // num
    g(n);
}
