// The combobox pattern page's script, shared by combobox.en.html and combobox.nb.html.
const input = document.getElementById("fruit");
const list = document.getElementById("fruits");
const options = [...list.querySelectorAll('[role="option"]')];
let active = -1;
const show = (open) => { list.hidden = !open; input.setAttribute("aria-expanded", open ? "true" : "false"); if (!open) { active = -1; input.removeAttribute("aria-activedescendant"); } };
const move = (index) => {
  active = index;
  options.forEach((option, i) => option.setAttribute("aria-selected", i === index ? "true" : "false"));
  input.setAttribute("aria-activedescendant", options[index].id);
};
input.addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown") { event.preventDefault(); show(true); move(Math.min(active + 1, options.length - 1)); }
  if (event.key === "ArrowUp") { event.preventDefault(); show(true); move(Math.max(active - 1, 0)); }
  if (event.key === "Enter" && active >= 0) { event.preventDefault(); input.value = options[active].textContent; show(false); }
  if (event.key === "Escape") { event.preventDefault(); show(false); }
});
