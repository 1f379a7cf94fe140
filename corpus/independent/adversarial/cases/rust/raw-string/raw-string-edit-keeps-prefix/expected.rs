fn f() {
    let p = r"C:\old"; // path
    g(p);
}
