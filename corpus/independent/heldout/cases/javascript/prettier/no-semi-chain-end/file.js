export function debounce(fn, wait) {
  let timer
  return function (...args) {
    clearTimeout(timer)
    timer = setTimeout(() => fn.apply(this, args), wait)
  }
}

export function escapeHtml(text) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
}

export function renderList(container, items) {
  if (items.length === 0) {
    container.textContent = '"Nothing here yet"'
    return
  }
  container.innerHTML = items
    .map((item) => "<li>" + escapeHtml(item.label) + "</li>")
    .join("")
  if (items.length > 10) {
    container.classList.add("scroll")
  }
}
