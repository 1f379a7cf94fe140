fn port(c: &Config) -> u16 {
    let Config {
        name,
        port,
    } = c;
    *port
}
