fn run(cfg: &Config) -> Result<(), Error> {
	let input = read(&cfg.path).context("read")?;
	let parsed = parse(&input)?;   
	validate(&parsed)?;
	write(&cfg.out, &parsed).context("write")?;
	Ok(())
}
