// The toolbar: the gallery's name and the images-per-row slider.

export class ToolbarView {
  constructor(root) {
    this.name = root.querySelector("#gallery-name");
    this.slider = root.querySelector("#per-row");
    this.output = root.querySelector("#per-row-value");
  }

  render({ name, perRow }) {
    this.name.textContent = name;
    document.title = `${name} — Image Gallery`;
    if (Number(this.slider.value) !== perRow) this.slider.value = String(perRow);
    this.output.textContent = String(perRow);
    this.slider.setAttribute("aria-valuetext", `${perRow} per row`);
  }

  bindPerRow(handler) {
    this.slider.addEventListener("input", () => handler(Number(this.slider.value)));
  }
}
