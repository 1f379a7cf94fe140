fn f(s: &str) -> Result<i32, E> {
    let v = parse(s)?; // may fail
    Ok(v)
}
