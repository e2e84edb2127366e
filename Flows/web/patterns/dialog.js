// The dialog pattern page's script, shared by dialog.en.html and dialog.nb.html.
const dialog = document.getElementById("address");
const opener = document.getElementById("add");
const close = () => { dialog.hidden = true; opener.focus(); };
opener.addEventListener("click", () => { dialog.hidden = false; document.getElementById("street").focus(); });
document.getElementById("cancel").addEventListener("click", close);
dialog.addEventListener("keydown", (event) => { if (event.key === "Escape") { event.preventDefault(); close(); } });
