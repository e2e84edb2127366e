// The switch pattern page's keys, shared by switch.en.html and switch.nb.html.
const toggle = document.getElementById("email-alerts");
const flip = () => toggle.setAttribute("aria-checked", toggle.getAttribute("aria-checked") === "true" ? "false" : "true");
toggle.addEventListener("click", flip);
toggle.addEventListener("keydown", (event) => { if (event.key === " " || event.key === "Enter") { event.preventDefault(); flip(); } });
const mute = document.getElementById("mute");
mute.addEventListener("click", () => mute.setAttribute("aria-pressed", mute.getAttribute("aria-pressed") === "true" ? "false" : "true"));
