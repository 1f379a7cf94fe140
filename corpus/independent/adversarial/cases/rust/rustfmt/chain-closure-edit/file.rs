fn f(items: &[Item]) -> u32 {
    let total: u32 = items
        .iter()
        .filter(|i| i.active)
        .map(|i| i.price)
        .sum();
    total
}
