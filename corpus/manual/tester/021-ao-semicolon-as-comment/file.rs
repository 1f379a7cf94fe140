fn f() {
    let b = 1;
}
