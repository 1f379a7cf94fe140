fn render(lines: &[String]) -> String {
    lines.join("\r\n")
}
