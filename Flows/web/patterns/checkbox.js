// The checkbox pattern page's keys, shared by checkbox.en.html and checkbox.nb.html.
const boxes = [...document.querySelectorAll('#cheese, #ham')];
const all = document.getElementById("all");
const mark = { true: "☑ ", false: "☐ ", mixed: "▣ " };
const set = (box, value) => { box.setAttribute("aria-checked", value); box.firstElementChild.textContent = mark[value]; };
const update = () => {
  const on = boxes.filter((box) => box.getAttribute("aria-checked") === "true").length;
  set(all, on === 0 ? "false" : on === boxes.length ? "true" : "mixed");
};
const onSpace = (element, action) => {
  element.addEventListener("click", action);
  element.addEventListener("keydown", (event) => { if (event.key === " ") { event.preventDefault(); action(); } });
};
for (const box of boxes) onSpace(box, () => { set(box, box.getAttribute("aria-checked") === "true" ? "false" : "true"); update(); });
onSpace(all, () => { const value = all.getAttribute("aria-checked") === "true" ? "false" : "true"; for (const box of boxes) set(box, value); update(); });
document.getElementById("clear").addEventListener("click", () => { for (const box of boxes) set(box, "false"); update(); });
