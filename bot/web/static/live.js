// The server page's live tables (bot/web/pages/live.py): each table's part is replaced by the
// server's own HTML of it as the table changes, read from a stream of server-sent events; the
// "request" part is the notice of an action asked of the bot (python -m bot.web).
(function () {
  "use strict";
  var main = document.querySelector("[data-live]");
  if (!main || !window.EventSource) {
    return;
  }
  var source = new EventSource(main.getAttribute("data-live"));
  source.onmessage = function (event) {
    var tables = JSON.parse(event.data);
    Object.keys(tables).forEach(function (id) {
      var part = id === "request"
        ? document.querySelector("[data-request]")
        : document.querySelector('[data-table="' + id + '"] .live');
      if (part) {
        part.innerHTML = tables[id];
      }
    });
  };
  source.addEventListener("end", function () {
    source.close();
  });
})();
