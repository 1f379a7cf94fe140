export function render(lines) {
  return lines.join("\n");
}
