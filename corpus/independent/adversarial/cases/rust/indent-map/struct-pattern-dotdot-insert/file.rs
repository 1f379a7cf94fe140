fn f(cfg: Config) {
    let Config {
        name,
        ..
    } = cfg;
    use_it(name);
}
