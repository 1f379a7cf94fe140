fn f(cfg: Config) {
    let Config {
        name,
        port,
        ..
    } = cfg;
    use_it(name);
}
