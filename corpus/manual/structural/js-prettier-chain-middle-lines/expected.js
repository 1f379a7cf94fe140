export function slugify(title) {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^-|-$/g, "");
}

export function attr(value) {
  return String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}
