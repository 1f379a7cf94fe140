mod m {
    /// doc a
    pub fn a() {}
}
