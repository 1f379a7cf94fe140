class A {
    void f() {
        a();
        if (c) {
            b();
        }
    }
}
