// The classical table view's "rotate" control: each seat's link (?bottom=N, which works
// without JavaScript) turns the table at once so that seat comes last, with no request.
(function () {
  "use strict";
  // Found at each click: the session page replaces the table when the sheet updates itself.
  function currentTable() {
    return document.querySelector("#table-state table.stakes tbody");
  }
  if (!currentTable()) return;

  function putAtBottom(seat) {
    var table = currentTable();
    var rows = Array.prototype.slice.call(table.querySelectorAll("tr[data-seat]"));
    var index = rows.findIndex(function (row) { return row.dataset.seat === seat; });
    if (index < 0) return;
    rows.slice(index + 1).concat(rows.slice(0, index + 1)).forEach(function (row) {
      table.appendChild(row);
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("#table-state a.rotate");
    if (!link) return;
    event.preventDefault();
    putAtBottom(link.dataset.seat);
    var url = new URL(window.location.href);
    url.searchParams.set("bottom", link.dataset.seat);
    window.history.replaceState(null, "", url.pathname + url.search + "#table-state");
  });
})();
