fn run(cfg: &Config) -> Result<(), Error> {
	let input = read(&cfg.path)?;
	let parsed = parse(&input)?;   
	validate(&parsed)?;
	write(&cfg.out, &parsed)?;
	Ok(())
}
