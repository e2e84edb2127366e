// The grid pattern page's keys, shared by grid.en.html and grid.nb.html.
const rows = [...document.querySelectorAll("tr")].slice(1).map((row) => [...row.querySelectorAll('[role="gridcell"]')]);
rows.forEach((cells, r) => cells.forEach((cell, c) => cell.addEventListener("keydown", (event) => {
  const target = event.ctrlKey
    ? { Home: [0, 0], End: [rows.length - 1, cells.length - 1] }[event.key]
    : { ArrowRight: [r, c + 1], ArrowLeft: [r, c - 1], ArrowDown: [r + 1, c], ArrowUp: [r - 1, c], Home: [r, 0], End: [r, cells.length - 1] }[event.key];
  if (!target) return;
  const next = rows[target[0]]?.[target[1]];
  event.preventDefault();
  if (!next) return;
  cell.tabIndex = -1; next.tabIndex = 0; next.focus();
})));
