// The slider pattern page's keys, shared by slider.en.html and slider.nb.html.
for (const slider of document.querySelectorAll('[role="slider"]')) {
  slider.addEventListener("keydown", (event) => {
    const min = +slider.getAttribute("aria-valuemin"), max = +slider.getAttribute("aria-valuemax"), now = +slider.getAttribute("aria-valuenow");
    const big = Math.max(1, Math.round((max - min) / 5));
    const next = { ArrowRight: now + 1, ArrowUp: now + 1, ArrowLeft: now - 1, ArrowDown: now - 1, PageUp: now + big, PageDown: now - big, Home: min, End: max }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const value = Math.min(max, Math.max(min, next));
    slider.setAttribute("aria-valuenow", value);
    // A slider with words for its values (data-value-names, from its minimum up) says them as aria-valuetext.
    const names = slider.dataset.valueNames?.split("|");
    if (names) slider.setAttribute("aria-valuetext", names[value - min]);
  });
}
