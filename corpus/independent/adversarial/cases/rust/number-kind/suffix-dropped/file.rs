fn f() {
    let x = 5u8; // byte
    g(x);
}
