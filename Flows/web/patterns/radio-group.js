// The radio group pattern page's keys, shared by radio-group.en.html and radio-group.nb.html.
const radios = [...document.querySelectorAll('[role="radio"]')];
const choose = (radio) => {
  for (const other of radios) { other.setAttribute("aria-checked", other === radio ? "true" : "false"); other.tabIndex = other === radio ? 0 : -1; }
  radio.focus();
};
for (const radio of radios) {
  radio.addEventListener("click", () => choose(radio));
  radio.addEventListener("keydown", (event) => {
    const index = radios.indexOf(radio);
    const moves = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    if (event.key in moves) { event.preventDefault(); choose(radios[(index + moves[event.key] + radios.length) % radios.length]); }
    if (event.key === " ") { event.preventDefault(); choose(radio); }
  });
}
