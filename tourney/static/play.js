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
  // what the event stream brought while this page's own action was on its way (``latest``: a
  // pushed state, ``heard``: a bare version): shown when the answer is in, never dropped —
  // else the page would stay one change behind and its next tap would carry a stale version
  var latest = null, heard = -1;
  function show(s) { if (s.version < version) return; version = s.version; render(s); }
  function settle() {
    busy = false;
    var pushed = latest, v = heard; latest = null; heard = -1;
    if (pushed && pushed.version > version) show(pushed);
    else if (v > version) load();
  }
  function post(url, body) {
    busy = true;
    return fetch(url, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": d.csrf }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); })
      .then(function (j) { msg.textContent = j.ok ? (j.message || "") : j.error;
        if (j.state) { show(j.state); settle(); } else { settle(); load(); } })
      .catch(function () { settle(); msg.textContent = "Sin conexión: reintentando…"; });
  }
  function randomSeed() { var a = new Uint8Array(16); crypto.getRandomValues(a); return Array.prototype.map.call(a, function (x) { return ("0" + x.toString(16)).slice(-2); }).join(""); }
  var clockEnds = null, clockEl = null;
  function tick() {
    if (!clockEl || clockEnds === null) return;
    var left = Math.round((clockEnds - Date.now()) / 1000), neg = left < 0, a = Math.abs(left);
    clockEl.textContent = "Reloj de ronda: " + (neg ? "tiempo extra +" : "") + Math.floor(a / 60) + ":" + ("0" + a % 60).slice(-2);
  }
  setInterval(tick, 1000);
  function formPost(url) {
    var f = el("form"); f.method = "post"; f.action = url;
    var t = el("input"); t.type = "hidden"; t.name = "csrf_token"; t.value = d.csrf; f.appendChild(t);
    document.body.appendChild(f); f.submit();
  }
  function matchBox(s) {
    var m = s.match, box = el("div", null, "card match"), g = s.game;
    var names = g ? g.players.map(function (p) { return p.name; }) : ["A", "B"];
    box.appendChild(el("p", "Ronda " + m.round + ", mesa " + m.table_no + " — juego " + m.game + " de 3 · " +
      names[0] + " " + m.score[0] + ", " + names[1] + " " + m.score[1] + (m.score[2] ? ", empates " + m.score[2] : ""), "seat-match"));
    clockEl = el("p", null, "clock"); clockEl.id = "reloj";
    clockEnds = (m.clock === null || m.clock === undefined) ? null : Date.now() + m.clock * 1000;
    if (clockEnds === null) clockEl.textContent = "Reloj de ronda: sin iniciar"; else tick();
    box.appendChild(clockEl);
    if (s.status === "terminada" && s.seat) {
      if (m.decided) {
        if (m.match_status === "confirmado") box.appendChild(el("p", "Resultado confirmado en el evento."));
        else if (m.confirmed) box.appendChild(el("p", "Confirmaste el resultado: falta tu rival."));
        else { var c = el("button", "Confirmar el resultado de la partida"); c.id = "confirmar";
          c.onclick = function () { post(d.confirm, {}); }; box.appendChild(c); }
      } else if (m.current) {
        var sw = el("a", "Cambios del Mazo de Soporte para el juego " + (m.game + 1)); sw.href = d.swaps + "?juego=" + (m.game + 1);
        box.appendChild(el("p", "Antes del siguiente juego, registra tus cambios (o ninguno) y abre el juego.")).appendChild(document.createTextNode(" "));
        box.appendChild(sw);
        var nx = el("button", "Abrir el juego " + (m.game + 1)); nx.id = "siguiente";
        nx.onclick = function () { formPost(d.next); }; box.appendChild(nx);
      } else {
        var go = el("button", "Ir al juego siguiente"); go.id = "siguiente"; go.onclick = function () { formPost(d.next); }; box.appendChild(go);
      }
    }
    if (m.call) {
      var cl = el("p", "Mesa en pausa: " + m.call.player + " llamó al juez" + (m.call.reason ? " («" + m.call.reason + "»)" : "") +
        ". Nadie juega hasta que un juez la reanude.", "illegal"); cl.id = "llamada"; box.appendChild(cl);
    } else if (s.seat && (s.status === "jugando" || s.status === "pausada")) {
      var cj = el("details"); cj.id = "llamar"; cj.appendChild(el("summary", "Llamar al juez"));
      var cr = el("input"); cr.id = "motivo-llamada"; cr.maxLength = 300; cr.placeholder = "Qué pasa (opcional)";
      var cb = el("button", "Llamar al juez (pausa la mesa)", "sec"); cb.id = "llamar-juez";
      cb.onclick = function () { post(d.call, { reason: cr.value, version: s.version }); };
      cj.appendChild(cr); cj.appendChild(cb); box.appendChild(cj);
    }
    if (m.judge && s.status === "pausada") {
      var rj = el("div", null, "judge"); rj.appendChild(el("h3", "Juez: reanudar la mesa"));
      var rr = el("input"); rr.id = "fallo"; rr.maxLength = 300; rr.placeholder = "Tu fallo (queda registrado)";
      var rb = el("button", "Reanudar la mesa"); rb.id = "reanudar";
      rb.onclick = function () { post(d.resume, { reason: rr.value, version: s.version }); };
      rj.appendChild(rr); rj.appendChild(rb); box.appendChild(rj);
    }
    if (m.judge && s.status !== "terminada") {
      var j = el("div", null, "judge"); j.appendChild(el("h3", "Juez: deshacer la última acción"));
      var r = el("input"); r.id = "motivo"; r.maxLength = 300; r.placeholder = "Motivo (queda registrado)";
      var u = el("button", "Deshacer la última acción", "sec"); u.id = "deshacer";
      u.onclick = function () { post(d.takeback, { reason: r.value, version: s.version }); };
      j.appendChild(r); j.appendChild(u); box.appendChild(j);
    }
    if (m.takebacks && m.takebacks.length) {
      var lg = el("div"); lg.appendChild(el("h3", "Acciones deshechas por un juez"));
      m.takebacks.forEach(function (t) { lg.appendChild(el("div", "Línea " + t.line + " — " + t.judge + ": " + t.reason, "muted")); });
      box.appendChild(lg);
    }
    return box;
  }
  // the board is rebuilt only when what it shows changed: a poll or a reconnected stream that
  // brings the same state leaves it alone (a tap or a half-typed effect is not lost); the round
  // clock, which changes on every answer, only moves the countdown
  var shown = null;
  function render(s) {
    var clock = s.match ? s.match.clock : undefined;
    if (s.match) s.match.clock = null;
    var key = JSON.stringify(s);
    if (s.match) s.match.clock = clock;
    if (key === shown) {
      if (s.match && clock !== null && clock !== undefined) clockEnds = Date.now() + clock * 1000;
      return;
    }
    shown = key;
    board.textContent = "";
    if (s.match) board.appendChild(matchBox(s));
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
      if (p.hand) box.appendChild(zone(p.id === s.seat ? "Tu mano" : "Mano", p.hand));  // a judge sees both
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
      .then(show).catch(function () { msg.textContent = "Sin conexión: reintentando…"; });
  }
  var polling = null;
  function poll() { if (!polling) polling = setInterval(function () { if (!busy) load(); }, 2000); }
  function unpoll() { if (polling) { clearInterval(polling); polling = null; } }
  if (window.EventSource) {
    // the stream carries this seat's new state (event «state»); a bare version means: ask for it
    var es = new EventSource(d.events + (d.events.indexOf("?") < 0 ? "?" : "&") + "estado=1");
    es.onmessage = function (e) {
      var v = +e.data; if (v === version) return;
      if (busy) heard = Math.max(heard, v); else load(); };
    es.addEventListener("state", function (e) {
      var s = JSON.parse(e.data);
      if (busy) { if (!latest || s.version > latest.version) latest = s; return; }
      if (s.version > version) show(s); });
    es.onerror = function () { poll(); };
    es.onopen = function () { unpoll(); };  // a stream that ends on time reconnects: stop polling
    window.addEventListener("pagehide", function () { es.close(); });
  } else { poll(); }
  load();
})();
