// The menu button pattern page's script, shared by menu-button.en.html and menu-button.nb.html.
const button = document.getElementById("menu-button");
const menu = document.getElementById("actions");
const items = [...menu.querySelectorAll('[role="menuitem"]')];
const open = (index) => { menu.hidden = false; button.setAttribute("aria-expanded", "true"); items[index].focus(); };
const close = () => { menu.hidden = true; button.setAttribute("aria-expanded", "false"); button.focus(); };
button.addEventListener("click", () => (menu.hidden ? open(0) : close()));
button.addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown") { event.preventDefault(); open(0); }
  if (event.key === "ArrowUp") { event.preventDefault(); open(items.length - 1); }
});
for (const item of items) {
  // The status line's words are the page's own (data-chosen), so each language's page says them.
  const choose = () => { const status = document.getElementById("last-action"); status.textContent = status.dataset.chosen.replace("{item}", item.textContent); close(); };
  item.addEventListener("click", choose);
  item.addEventListener("keydown", (event) => {
    const index = items.indexOf(item);
    const target = { ArrowDown: items[(index + 1) % items.length], ArrowUp: items[(index - 1 + items.length) % items.length], Home: items[0], End: items[items.length - 1] }[event.key];
    if (target) { event.preventDefault(); target.focus(); }
    if (event.key === "Escape") { event.preventDefault(); close(); }
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); }
  });
}
