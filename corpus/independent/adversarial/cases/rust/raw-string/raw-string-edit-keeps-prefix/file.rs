fn f() {
    let p = r"C:\new"; // path
    g(p);
}
