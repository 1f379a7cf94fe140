fn config() -> Config {
    Config {
        name: String::from("svc"),
        port: 8080,
        ..Default::default()
    }
}
