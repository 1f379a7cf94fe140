pub fn parse(args: &[String]) -> Options {
    let mut o = Options::default();
    for a in args {
        if a == "-v" || a == "--verbose" {
            o.verbose = true;
        }
    }
    o
}
