// Runs synchronously in <head>, before the first paint: puts the stored colour mode (default light)
// on <html> so the page never flashes the wrong theme. Keep the key and class names in step with
// web/src/theme/colorMode.ts.
(function () {
  var mode = "light";
  try {
    if (window.localStorage.getItem("theme") === "dark") mode = "dark";
  } catch (e) {
    // Storage disabled: stay light.
  }
  var root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(mode);
  root.style.colorScheme = mode;
})();
