// equibench report: small progressive enhancements. Every page is complete without this script.
(function () {
  "use strict";
  // Category pages: filter the pair table by label and by text.
  var table = document.getElementById("pair-table");
  var filters = document.querySelector(".filters");
  if (table && filters) {
    filters.hidden = false;
    var label = document.getElementById("f-label");
    var text = document.getElementById("f-text");
    var count = document.getElementById("f-count");
    var model = document.getElementById("f-eval");
    var rows = table.querySelectorAll("tbody tr");
    // Pairs a model got wrong: data-wrong lists the runs (r1 r2 ...) that answered wrongly.
    var wrongOk = function (row) {
      var w = model ? model.value : "";
      var by = (row.dataset.wrong || "").split(" ").filter(Boolean);
      return !w || (w === "any" ? by.length > 0 : by.indexOf(w) >= 0);
    };
    var apply = function () {
      var want = label.value, needle = text.value.trim().toLowerCase(), shown = 0;
      rows.forEach(function (row) {
        var ok = (!want || row.dataset.label === want) && wrongOk(row) &&
          (!needle || row.textContent.toLowerCase().indexOf(needle) >= 0);
        row.hidden = !ok;
        if (ok) { shown += 1; }
      });
      count.textContent = shown + " of " + rows.length + " pairs";
    };
    label.addEventListener("change", apply);
    if (model) {
      model.addEventListener("change", apply);
      // A link may preselect the filter: cat-x.html#wrong=any (or #wrong=r2).
      var m = /^#wrong=(any|r[0-9]+)$/.exec(window.location.hash);
      if (m) { model.value = m[1]; }
    }
    text.addEventListener("input", apply);
    apply();
  }
  // Pair pages: the left and right arrow keys go to the previous and next pair.
  document.addEventListener("keydown", function (e) {
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) { return; }
    var id = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
    var link = id && document.getElementById(id);
    if (link) { window.location.href = link.href; }
  });
})();
