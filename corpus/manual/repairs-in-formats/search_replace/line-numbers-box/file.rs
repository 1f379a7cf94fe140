pub fn parse(args: &[String]) -> Options {
    let mut o = Options::default();
    for a in args {
        if a == "-v" {
            o.verbose = true;
        }
    }
    o
}
