mod m {
    /// doc a
    pub fn a() {}

    /// doc b
    pub fn b() {}
}
