fn get<'a>(s: &'a str) -> &'a str {
    s
}
