// The tabs pattern page's keys, shared by tabs.en.html and tabs.nb.html.
const tabs = [...document.querySelectorAll('[role="tab"]')];
const select = (tab) => {
  for (const other of tabs) {
    const on = other === tab;
    other.setAttribute("aria-selected", on ? "true" : "false");
    other.tabIndex = on ? 0 : -1;
    document.getElementById(other.getAttribute("aria-controls")).hidden = !on;
  }
  tab.focus();
};
for (const tab of tabs) {
  tab.addEventListener("click", () => select(tab));
  tab.addEventListener("keydown", (event) => {
    const index = tabs.indexOf(tab);
    const target = { ArrowRight: tabs[(index + 1) % tabs.length], ArrowLeft: tabs[(index - 1 + tabs.length) % tabs.length], Home: tabs[0], End: tabs[tabs.length - 1] }[event.key];
    if (target) { event.preventDefault(); select(target); }
  });
}
