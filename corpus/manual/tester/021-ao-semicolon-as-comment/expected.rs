fn f() {
    let b = 1
        + 2;
}
