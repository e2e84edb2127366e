// The spin button pattern page's script, shared by spin-button.en.html and spin-button.nb.html.
const spin = document.getElementById("guests");
spin.addEventListener("keydown", (event) => {
  const now = +spin.getAttribute("aria-valuenow");
  const next = { ArrowUp: now + 1, ArrowDown: now - 1, PageUp: now + 5, PageDown: now - 5, Home: 1, End: 8 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const value = Math.min(8, Math.max(1, next));
  spin.setAttribute("aria-valuenow", value);
  spin.textContent = value;
});
