// The judges' round page: the event's play tables paused by «llamar al juez», asked for every
// 10 s (each call links to its table, where the judge sees everything and resumes it).
(function () {
  var box = document.getElementById("llamadas");
  if (!box) return;
  function show(calls) {
    box.textContent = "";
    box.hidden = !calls.length;
    if (!calls.length) return;
    var h = document.createElement("h2"); h.textContent = "Mesas que llaman al juez (" + calls.length + ")"; box.appendChild(h);
    calls.forEach(function (c) {
      var p = document.createElement("p"), a = document.createElement("a");
      a.href = c.url; a.textContent = "Ronda " + c.round + ", mesa " + c.table_no + ", juego " + c.game;
      p.appendChild(a);
      p.appendChild(document.createTextNode(": " + c.player + (c.reason ? " — «" + c.reason + "»" : "")));
      box.appendChild(p);
    });
  }
  function ask() {
    fetch(box.dataset.url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : { calls: [] }; })
      .then(function (j) { show(j.calls || []); }).catch(function () {});
  }
  ask();
  setInterval(ask, 10000);
})();
