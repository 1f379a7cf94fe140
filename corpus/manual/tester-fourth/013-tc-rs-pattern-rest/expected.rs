fn port(c: &Config) -> u16 {
    let Config {
        port,
        ..
    } = c;
    *port
}
