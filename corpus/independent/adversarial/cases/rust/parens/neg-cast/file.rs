fn f(a: i32) -> i64 {
    let v = -(a as i64); // widen
    v
}
