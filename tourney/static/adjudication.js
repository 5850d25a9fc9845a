/* The step-through viewer (templates/adjudication/board.html), lichess-style: the page
   works without JavaScript (one plain page per line); with it, ← → step one line, ↑ ↓ (or
   Home/End) jump to the first and last line, and links swap the board without reloading.
   Each line's board is the server's own HTML fragment (?parcial=1): nothing is drawn twice. */
(function () {
  "use strict";
  var visor = document.getElementById("visor");
  if (!visor || !window.fetch || !window.URL) { return; }
  var list = document.getElementById("lineas");
  var jump = document.getElementById("ir-linea");
  var cache = {};

  function urlFor(line, partial) {
    var u = new URL(visor.dataset.base, window.location.href);
    u.searchParams.set("linea", String(line));
    if (partial) { u.searchParams.set("parcial", "1"); }
    return u;
  }

  function fragment(line) {
    if (!cache[line]) {
      cache[line] = fetch(urlFor(line, true), {credentials: "same-origin"}).then(function (r) {
        if (!r.ok || r.redirected) { throw new Error("HTTP " + r.status); }
        return r.text().then(function (html) {
          if (html.indexOf('id="paso"') < 0) { throw new Error("no es un paso del tablero"); }
          return html;
        });
      });
      cache[line].catch(function () { delete cache[line]; });
    }
    return cache[line];
  }

  function step() { return document.getElementById("paso"); }

  function mark(line) {
    if (!list) { return; }
    var items = list.querySelectorAll("li");
    for (var i = 0; i < items.length; i++) {
      var here = items[i].dataset.linea === String(line);
      items[i].classList.toggle("actual", here);
      var a = items[i].querySelector("a");
      if (here) {
        a.setAttribute("aria-current", "step");
        var top = items[i].offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - items[i].offsetHeight) {
          list.scrollTop = top - list.clientHeight / 2;
        }
      } else {
        a.removeAttribute("aria-current");
      }
    }
  }

  function prefetch() {
    var s = step();
    if (!s) { return; }
    [s.dataset.anterior, s.dataset.siguiente].forEach(function (l) { if (l) { fragment(l); } });
  }

  function go(line, push) {
    if (!line) { return; }
    fragment(line).then(function (html) {
      visor.innerHTML = html;
      var actual = step() ? step().dataset.actual : line;
      mark(actual);
      if (jump) { jump.value = actual; }
      if (push) { window.history.pushState({linea: line}, "", urlFor(line, false)); }
      prefetch();
    }).catch(function () { window.location.href = urlFor(line, false).toString(); });
  }

  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("a[data-linea]") : null;
    if (!a || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) { return; }
    ev.preventDefault();
    go(a.dataset.linea, true);
  });

  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var s = step();
    if (!s) { return; }
    var target = {ArrowLeft: s.dataset.anterior, ArrowRight: s.dataset.siguiente,
                  ArrowUp: s.dataset.primera, Home: s.dataset.primera,
                  ArrowDown: s.dataset.ultima, End: s.dataset.ultima}[ev.key];
    if (target === undefined) { return; }
    ev.preventDefault();
    if (target) { go(target, true); }
  });

  var form = jump ? jump.form : null;
  if (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var want = parseInt(jump.value, 10);
      if (!isNaN(want)) { go(String(want), true); }
    });
  }

  window.addEventListener("popstate", function (ev) {
    var line = ev.state && ev.state.linea;
    if (!line) { line = new URL(window.location.href).searchParams.get("linea"); }
    if (line) { go(line, false); }
  });

  var first = step();
  if (first) {
    window.history.replaceState({linea: first.dataset.actual}, "", window.location.href);
    prefetch();
  }
}());
