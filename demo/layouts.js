// The partner's own code: a picked file goes to <ottisk-pdf-viewer> through its `file` property.
const input = document.querySelector("#viewer-file");
const viewer = document.querySelector("ottisk-pdf-viewer");
input.addEventListener("change", () => {
  const [file] = input.files;
  if (file) viewer.file = file;
});
document.addEventListener("ottisk-layout-checked", (event) => console.info("ottisk-layout-checked", event.detail));
document.addEventListener("ottisk-pdf-saved", (event) => console.info("ottisk-pdf-saved", event.detail));
