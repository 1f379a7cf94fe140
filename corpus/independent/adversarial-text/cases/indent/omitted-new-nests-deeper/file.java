class A {
    void f() {
        a();
        b();
    }
}
