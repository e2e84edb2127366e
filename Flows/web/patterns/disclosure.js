// The disclosure pattern page's script, shared by disclosure.en.html and disclosure.nb.html.
const button = document.getElementById("question");
button.addEventListener("click", () => {
  const open = button.getAttribute("aria-expanded") !== "true";
  button.setAttribute("aria-expanded", open ? "true" : "false");
  document.getElementById("answer").hidden = !open;
});
