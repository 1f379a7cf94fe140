fn render(lines: &[String]) -> String {
    lines.join("\n")
}
