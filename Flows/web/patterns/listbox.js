// The listbox pattern page's script, shared by listbox.en.html and listbox.nb.html.
const list = document.getElementById("elements");
const options = [...list.querySelectorAll('[role="option"]')];
const move = (index) => {
  options.forEach((option, i) => option.setAttribute("aria-selected", i === index ? "true" : "false"));
  list.setAttribute("aria-activedescendant", options[index].id);
};
list.addEventListener("keydown", (event) => {
  const index = options.findIndex((option) => option.id === list.getAttribute("aria-activedescendant"));
  const target = { ArrowDown: Math.min(index + 1, options.length - 1), ArrowUp: Math.max(index - 1, 0), Home: 0, End: options.length - 1 }[event.key];
  if (target !== undefined) { event.preventDefault(); move(target); }
});
