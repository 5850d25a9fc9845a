// The play table: fetch this seat's state, show it as text tiles, send the chosen action.
(function () {
  var root = document.getElementById("mesa");
  if (!root) return;
  var d = root.dataset, version = -1, busy = false, board = document.getElementById("tablero");
  var msg = document.getElementById("msg");
  var ZONES = [["defense", "Línea de Defensa"], ["attack", "Línea de Ataque"], ["support", "Línea de Apoyo"],
    ["reserve", "Reserva de Oro"], ["paid", "Oro Pagado"], ["graveyard", "Cementerio"], ["exile", "Destierro"]];
  function el(tag, text, cls) { var e = document.createElement(tag); if (text) e.textContent = text; if (cls) e.className = cls; return e; }
  function tile(c) {
    var t = el("div", null, "tile"); t.dataset.id = c.id;
    t.appendChild(el("b", c.name));
    var bits = [c.type]; if (c.cost !== null && c.cost !== undefined) bits.push("coste " + c.cost);
    if (c.strength !== undefined && c.strength !== null) bits.push("Fuerza " + c.strength);
    if (c.race) bits.push(c.race);
    t.appendChild(el("small", bits.join(" · ")));
    if (c.text) t.appendChild(el("small", c.text));
    return t;
  }
  function zone(title, cards) {
    var z = el("div", null, "zone"); z.appendChild(el("h3", title + " (" + cards.length + ")"));
    var ts = el("div", null, "tiles"); cards.forEach(function (c) { ts.appendChild(tile(c)); }); z.appendChild(ts); return z;
  }
  function post(url, body) {
    busy = true;
    return fetch(url, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": d.csrf }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); })
      .then(function (j) { msg.textContent = j.ok ? (j.message || "") : j.error; busy = false;
        if (j.state) { version = j.state.version; render(j.state); } else load(); })
      .catch(function () { busy = false; msg.textContent = "Sin conexión: reintentando…"; });
  }
  function randomSeed() { var a = new Uint8Array(16); crypto.getRandomValues(a); return Array.prototype.map.call(a, function (x) { return ("0" + x.toString(16)).slice(-2); }).join(""); }
  function render(s) {
    board.textContent = "";
    if (!s.game) {
      var p = el("p", s.seated[1] ? "Esperando que ambos barajen." : "Esperando al segundo jugador: comparte el enlace de esta página.");
      board.appendChild(p);
      if (s.seat && s.seated[1] && !s.shuffled[s.seat === "A" ? 0 : 1]) {
        var b = el("button", "Barajar mi mazo"); b.id = "barajar";
        b.onclick = function () { post(d.shuffle, { seed: randomSeed() }); };
        board.appendChild(b);
      }
      return;
    }
    var g = s.game;
    var who = g.players.filter(function (p) { return p.id === g.active; })[0];
    board.appendChild(el("p", "Turno " + g.turn + " de " + who.name + " — " + g.phase_name, "seat"));
    if (g.outcome) board.appendChild(el("p", "Partida terminada: " + (g.outcome.winner ? "gana " + g.players.filter(function (p) { return p.id === g.outcome.winner; })[0].name : "empate") + ".", "legal"));
    var order = g.players.slice(); if (s.seat === "A") order.reverse();
    order.forEach(function (p) {
      var box = el("div", null, "card");
      box.appendChild(el("h2", p.name + " — Castillo " + p.castle + ", mano " + p.hand_count));
      ZONES.forEach(function (z) { if (p.zones[z[0]].length) box.appendChild(zone(z[1], p.zones[z[0]])); });
      if (p.weapons.length) box.appendChild(zone("Armas portadas", p.weapons));
      if (p.hand) box.appendChild(zone("Tu mano", p.hand));
      board.appendChild(box);
    });
    if (s.proposal) {
      var pr = el("div", null, "card"); pr.appendChild(el("p", "Efecto manual propuesto: " + s.proposal.text));
      if (s.seat && s.proposal.seat !== s.seat) {
        var ok = el("button", "Aceptar efecto"); ok.id = "aceptar"; ok.onclick = function () { post(d.answer, { accept: true, version: s.version }); };
        var no = el("button", "Disputar (llamar al juez)", "sec"); no.onclick = function () { post(d.answer, { accept: false, version: s.version }); };
        pr.appendChild(ok); pr.appendChild(no);
      }
      board.appendChild(pr);
    }
    if (s.actions && s.actions.length) {
      var acts = el("div", null, "card acts"); acts.appendChild(el("h2", "Tus acciones"));
      s.actions.forEach(function (a, i) {
        var b = el("button", a.text, a.action.do === "concede" ? "sec" : ""); b.dataset.do = a.action.do; b.dataset.i = i;
        b.onclick = function () { if (a.action.do === "concede" && !confirm("¿Conceder la partida?")) return; post(d.act, { action: a.action, version: s.version }); };
        acts.appendChild(b);
      });
      board.appendChild(acts);
    }
    if (s.manual && s.manual.length) {
      var m = el("div", null, "card"); m.appendChild(el("h2", "Efecto manual (el motor no lo comprueba)"));
      s.manual.forEach(function (x) {
        var f = el("form"); f.appendChild(el("p", x.name + ": " + x.reason));
        var t = el("textarea"); t.placeholder = '{"moves": [["ID", "graveyard"]], "draw": {"' + s.seat + '": 1}}'; t.maxLength = 2000; f.appendChild(t);
        var b = el("button", "Proponer a tu rival"); f.appendChild(b);
        f.onsubmit = function (e) { e.preventDefault(); var body; try { body = JSON.parse(t.value || "{}"); } catch (err) { msg.textContent = "El efecto debe ser JSON: " + err.message; return; }
          body.p = s.seat; body["do"] = "effect"; body.source = x.source; post(d.act, { action: body, version: s.version }); };
        m.appendChild(f);
      });
      board.appendChild(m);
    }
    if (s.log && s.log.length) { var l = el("div", null, "card"); l.appendChild(el("h2", "Últimas acciones")); s.log.forEach(function (x) { l.appendChild(el("div", x, "muted")); }); board.appendChild(l); }
  }
  function load() {
    fetch(d.state, { credentials: "same-origin", cache: "no-store" }).then(function (r) { return r.json(); })
      .then(function (s) { version = s.version; render(s); }).catch(function () { msg.textContent = "Sin conexión: reintentando…"; });
  }
  var polling = null;
  function poll() { if (!polling) polling = setInterval(function () { if (!busy) load(); }, 2000); }
  if (window.EventSource) {
    var es = new EventSource(d.events);
    es.onmessage = function (e) { if (+e.data !== version && !busy) load(); };
    es.onerror = function () { poll(); };
  } else { poll(); }
  load();
})();
