fn f() {
    let k = b"secret"; // raw bytes
    g(k);
}
