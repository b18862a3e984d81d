// The playground page's script (docs/playground.md). No physics here: the scene is loaded, run and compared with
// its theory by the toolkit compiled to WebAssembly (playground.hpp through bindings.cpp); this script only wires
// the controls, plays the frames with the scene pages' drawer (verisimSceneDrawer, scene_animation.js) and plots.
// What it shows is exposed as window.verisimPlayground for the browser test (tests/playground/).
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  var state = { ready: false, error: '', errorLine: 0, errorColumn: 0, info: null, runs: [], blowups: [], fps: 0,
                frame: 0, frames: 0, playing: false, runCount: 0 };
  window.verisimPlayground = state;
  state.sliderOf = function (dt) { return sliderOf(dt); };  // the Δt slider's position of a Δt (tests, screenshots)
  var M = null, scenes = [], draws = [], timer = null, fpsCount = 0, fpsSince = 0;
  var exactDt = null;  // the scene's own Δt until the slider moves (the slider's positions are log-spaced)

  function fmt(x, d) { return (x === null || x === undefined || !isFinite(x)) ? '—' : (+x).toPrecision(d || 4); }
  function debounce(f) { clearTimeout(timer); timer = setTimeout(f, 300); }

  // ---------------------------------------------------------------- Δt on a log scale, its stability limits
  function dtRange() {
    var i = state.info, lo = i.dt / 20, hi = i.dt * 50;
    i.methods.forEach(function (m) { if (m.dt_max > 0) hi = Math.max(hi, 2 * m.dt_max); });
    return [lo, hi];
  }
  function dtOf(v) { var r = dtRange(); return r[0] * Math.pow(r[1] / r[0], v / 1000); }
  function sliderOf(dt) { var r = dtRange(); return Math.round(1000 * Math.log(dt / r[0]) / Math.log(r[1] / r[0])); }
  function currentDt() { return exactDt !== null ? exactDt : dtOf(+$('dt').value); }
  function selected() {
    return Array.prototype.slice.call(document.querySelectorAll('#methods input:checked')).map(function (c) { return c.value; });
  }
  function methodInfo(name) { return state.info.methods.filter(function (m) { return m.name === name; })[0]; }
  function showLimits() {
    var marks = $('dt-marks'), text = [], dt = currentDt();
    marks.textContent = '';
    $('dt-value').textContent = fmt(dt, 4) + ' s' + (state.info.omega ? '  (θ = ωΔt = ' + fmt(state.info.omega * dt, 3) + ')' : '');
    selected().forEach(function (name) {
      var m = methodInfo(name);
      if (!m) return;
      if (m.theta_max === -1) { text.push(name + ': stable at every Δt on the oscillator (A-stable or unconditional)'); return; }
      if (m.theta_max === null || !state.info.omega) return;
      if (m.theta_max === 0) { text.push(name + ': unstable at every Δt on the oscillator (θ_max = 0)'); return; }
      var s = sliderOf(m.dt_max);
      if (s >= 0 && s <= 1000) {
        var span = document.createElement('span');
        span.style.left = (s / 10) + '%';
        span.textContent = name;
        marks.appendChild(span);
      }
      text.push(name + ': Δt_max = θ_max/ω = ' + fmt(m.theta_max, 6) + '/' + fmt(state.info.omega, 6) + ' = ' + fmt(m.dt_max, 4) + ' s' +
                (dt > m.dt_max ? ' — PAST THE LIMIT' : ''));
    });
    $('dt-limits').textContent = text.length ? 'Stability limits (theory, toolkit/theory/stability.hpp): ' + text.join('; ') : '';
  }

  // ---------------------------------------------------------------- the scene's physical parameters
  // One slider per number of the TOML of these keys; moving it rewrites that line and reloads the scene, so the
  // text box and the run always agree and every value goes through the loader's checks.
  var paramKeys = { restitution: 'ε (restitution)', friction: 'μ (friction)', k: 'k (spring stiffness, N/m)',
                    damping: 'damping (kg/s)', kn: 'k_n (contact stiffness, N/m)' };
  function buildParams() {
    var box = $('params'), lines = $('toml').value.split('\n'), table = '', objName = '';
    box.textContent = '';
    lines.forEach(function (line, n) {
      var h = /^\s*\[+\s*([\w.]+)\s*\]+/.exec(line);
      if (h) { table = h[1]; objName = ''; return; }
      var nm = /^\s*name\s*=\s*"([^"]*)"/.exec(line);
      if (nm) objName = nm[1];
      var m = /^(\s*)(restitution|friction|k|damping|kn)(\s*=\s*)([-+0-9.eE]+)(.*)$/.exec(line);
      if (!m || !isFinite(+m[4])) return;
      var key = m[2], v = +m[4], id = 'param-' + n;
      var lo = 0, hi = 1, log = false;
      if (key === 'k' || key === 'kn') { lo = v / 10; hi = v * 10; log = v > 0; }
      if (key === 'damping') { hi = Math.max(1, 10 * v); }
      var label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = paramKeys[key] + ' [' + table + (objName ? ' ' + objName : '') + '] ';
      var val = document.createElement('span'); val.className = 'value'; val.textContent = fmt(v, 4);
      label.appendChild(val);
      var input = document.createElement('input');
      input.type = 'range'; input.id = id; input.min = 0; input.max = 1000; input.step = 1;
      input.value = log ? 1000 * Math.log(v / lo) / Math.log(hi / lo) : 1000 * (v - lo) / (hi - lo);
      input.addEventListener('input', function () {
        var x = log ? lo * Math.pow(hi / lo, input.value / 1000) : lo + (hi - lo) * input.value / 1000;
        x = +x.toPrecision(4);
        val.textContent = fmt(x, 4);
        var all = $('toml').value.split('\n');
        all[n] = m[1] + key + m[3] + x + m[5];
        $('toml').value = all.join('\n');
        debounce(function () { load(false); });
      });
      box.appendChild(label); box.appendChild(input);
    });
  }

  // ---------------------------------------------------------------- loading a scene, running it
  function load(fresh) {
    var name = $('scene').value;
    var r = JSON.parse(M.load($('toml').value, name));
    state.error = r.ok ? '' : r.message; state.errorLine = r.line; state.errorColumn = r.column;
    $('toml-error').textContent = r.ok ? '' : (r.line ? 'line ' + r.line + ', column ' + r.column + ': ' : '') + r.message;
    if (!r.ok) return false;
    var before = selected(), oldDt = state.info ? currentDt() : NaN;
    state.info = JSON.parse(M.info());
    $('description').textContent = state.info.title + (state.info.description ? ' — ' + state.info.description : '');
    var box = $('methods');
    Array.prototype.slice.call(box.querySelectorAll('label')).forEach(function (l) { box.removeChild(l); });
    var keep = fresh ? [state.info.integrator] : before.filter(function (n) { return methodInfo(n); });
    if (!keep.length) keep = [state.info.integrator];
    state.info.methods.forEach(function (m) {
      var label = document.createElement('label'), c = document.createElement('input');
      c.type = 'checkbox'; c.value = m.name; c.id = 'method-' + m.name; c.checked = keep.indexOf(m.name) >= 0;
      c.addEventListener('change', function () { showLimits(); run(); });
      label.appendChild(c);
      label.appendChild(document.createTextNode(' ' + m.name + ' (order ' + m.order + (m.symplectic ? ', symplectic' : '') + ')'));
      label.title = m.title;
      box.appendChild(label);
    });
    exactDt = fresh || !isFinite(oldDt) ? state.info.dt : oldDt;
    $('dt').value = sliderOf(exactDt);
    if (fresh) buildParams();
    showLimits();
    run();
    return true;
  }

  function run() {
    var names = selected(), dt = currentDt();
    state.playing = false; $('play').textContent = 'play';
    $('status').textContent = 'running ' + names.join(', ') + ' …';
    var out = Function('return ' + M.run(names.join(','), dt, state.info.t_end, 600))();
    state.runs = out.runs.map(function (r) { var i = r.info; i.anim = r.anim; return i; });
    state.blowups = []; state.dt = dt; state.runCount++;
    var msgs = [], views = $('views');
    views.textContent = ''; draws = [];
    state.runs.forEach(function (r, k) {
      var m = methodInfo(r.name);
      r.blowup = !!r.error || !!(r.data && r.data.blowup_t !== null && isFinite(r.data.blowup_t));  // null: none
      r.pastLimit = !!(m && state.info.omega && m.dt_max !== null && m.theta_max !== -1 && dt > m.dt_max && m.theta_max > 0);
      if (r.blowup) {
        var why = r.error ? r.error : 'the energy grew past 100× its scale at t = ' + fmt(r.data.blowup_t, 4) + ' s';
        msgs.push(r.name + ': BLOW-UP — ' + why + (r.pastLimit ? ' (Δt = ' + fmt(dt, 4) + ' s is past its stability limit ' + fmt(m.dt_max, 4) + ' s)' : ''));
        state.blowups.push(r.name);
      } else if (r.pastLimit) {
        msgs.push(r.name + ': Δt past the stability limit ' + fmt(m.dt_max, 4) + ' s — the run will grow without bound');
      }
      var div = document.createElement('div'); div.className = 'view';
      var h = document.createElement('h3'); h.style.color = colors[k % colors.length]; h.style.margin = '0.2rem 0';
      h.textContent = r.name + (r.data ? ' — ' + r.steps + ' steps in ' + fmt(r.ms, 3) + ' ms' : '');
      var cv = document.createElement('canvas'); cv.width = 420; cv.height = 320;
      cv.setAttribute('role', 'img'); cv.setAttribute('aria-label', 'the scene run by ' + r.name);
      div.appendChild(h); div.appendChild(cv); views.appendChild(div);
      draws.push(r.anim ? verisimSceneDrawer(r.anim, cv, null) : null);
    });
    $('status').innerHTML = '';
    msgs.forEach(function (t) { var p = document.createElement('div'); p.className = 'blowup'; p.textContent = t; $('status').appendChild(p); });
    if (!msgs.length) $('status').textContent = 'ran ' + names.join(', ') + ' with Δt = ' + fmt(dt, 4) + ' s';
    state.frames = 0;
    state.runs.forEach(function (r) { if (r.anim) state.frames = Math.max(state.frames, r.anim.t.length); });
    $('time').max = Math.max(0, state.frames - 1);
    state.frame = state.frames ? state.frames - 1 : 0;  // shown whole; play runs it again from the start
    show(state.frame);
  }

  // ---------------------------------------------------------------- plots
  function axes(g, cv, x0, x1, y0, y1, xl, yl) {
    var L = 60, R = 10, T = 10, B = 34, W = cv.width - L - R, H = cv.height - T - B;
    g.clearRect(0, 0, cv.width, cv.height);
    g.strokeStyle = '#888'; g.lineWidth = 1; g.strokeRect(L, T, W, H);
    g.fillStyle = '#000'; g.font = '12px sans-serif';
    g.fillText(xl, L + W / 2 - 20, cv.height - 6);
    g.save(); g.translate(12, T + H / 2 + 60); g.rotate(-Math.PI / 2); g.fillText(yl, 0, 0); g.restore();
    for (var k = 0; k <= 4; k++) {
      var yv = y0 + (y1 - y0) * k / 4, xv = x0 + (x1 - x0) * k / 4;
      g.fillText(fmt(yv, 3), 2, T + H - H * k / 4 + 4);
      g.fillText(fmt(xv, 3), L + W * k / 4 - 10, T + H + 14);
    }
    return { X: function (x) { return L + W * (x - x0) / (x1 - x0 || 1); }, Y: function (y) { return T + H - H * (y - y0) / (y1 - y0 || 1); } };
  }
  function line(g, P, xs, ys, upto, color, dash) {
    g.strokeStyle = color; g.lineWidth = 2; g.setLineDash(dash || []); g.beginPath();
    var started = false;
    for (var i = 0; i < xs.length && i <= upto; i++) {
      if (ys[i] === null || !isFinite(ys[i])) { started = false; continue; }
      if (!started) g.moveTo(P.X(xs[i]), P.Y(ys[i])); else g.lineTo(P.X(xs[i]), P.Y(ys[i]));
      started = true;
    }
    g.stroke(); g.setLineDash([]);
  }
  function lg(x) { return Math.log10(Math.max(Math.abs(x), 1e-17)); }
  function plotEnergy(tNow) {
    var cv = $('energy'), g = cv.getContext('2d'), lo = Infinity, hi = -Infinity, tmax = 0, notes = [];
    state.runs.forEach(function (r) {
      if (!r.data) return;
      tmax = Math.max(tmax, r.data.t[r.data.t.length - 1]);
      r.data.error.forEach(function (e) { if (Math.abs(e) < 1e-16) return; var v = lg(e); lo = Math.min(lo, v); hi = Math.max(hi, v); });
      if (r.data.theory) r.data.theory.forEach(function (e) { var v = lg(e); lo = Math.min(lo, v); hi = Math.max(hi, v); });
      if (r.data.band) r.data.band.forEach(function (e) { var v = lg(e); lo = Math.min(lo, v); hi = Math.max(hi, v); });
    });
    if (!isFinite(lo)) { g.clearRect(0, 0, cv.width, cv.height); return; }
    lo = Math.max(lo, -17); hi = Math.min(Math.max(hi, lo + 1), 300);
    var P = axes(g, cv, 0, tmax || 1, lo, hi, 't (s)', 'log10 |ΔE| / E scale');
    state.runs.forEach(function (r, k) {
      if (!r.data) return;
      var col = colors[k % colors.length], d = r.data, upto = 0;
      while (upto + 1 < d.t.length && d.t[upto + 1] <= tNow) upto++;
      line(g, P, d.t, d.error.map(lg), upto, col);
      if (d.theory) { line(g, P, d.t, d.theory.map(lg), d.t.length, col, [6, 4]); notes.push(r.name + ': dashed, |R(iθ)|^(2n) − 1'); }
      if (d.band) {
        var b = Math.max(Math.abs(d.band[0]), Math.abs(d.band[1]));
        line(g, P, [0, tmax], [lg(b), lg(b)], 2, col, [2, 3]);
        notes.push(r.name + ': dotted, the band of the modified energy, |ΔE|/E ≤ ' + fmt(b, 3));
      }
    });
    $('energy-note').textContent = (state.info.kind === 'oscillator'
      ? 'Oscillator: energy error relative to H₀ = ½mẏ₀² + ½ky₀². Theory: ' + (notes.length ? notes.join('; ') : 'none for these methods') + '.'
      : 'Energy error relative to max(|E₀|, max T) (the scene page\'s scale); the theory curves are drawn for the oscillator scenes (spring.toml).') +
      (state.runs.some(function (r) { return r.data && !r.data.conserves_energy; })
        ? ' This scene does not conserve energy (damping, ε < 1, friction or a drive): the curve is its energy change, not an error.' : '');
  }
  function plotExtra(tNow) {
    var cv = $('extra'), g = cv.getContext('2d'), kind = state.info.kind;
    g.clearRect(0, 0, cv.width, cv.height);
    cv.style.display = kind === 'bounce' || kind === 'pendulum' ? '' : 'none';
    if (kind === 'bounce') {
      $('extra-title').textContent = 'Restitution per bounce against ε';
      var n = 1, lo = 0, hi = 1.05;
      state.runs.forEach(function (r) { if (r.data && r.data.restitution) n = Math.max(n, r.data.restitution.length); });
      var P = axes(g, cv, 0, n, lo, hi, 'bounce k', 'e_k');
      line(g, P, [0, n], [state.info.epsilon, state.info.epsilon], 2, '#000', [6, 4]);
      state.runs.forEach(function (r, k) {
        if (!r.data || !r.data.restitution) return;
        g.fillStyle = colors[k % colors.length];
        r.data.restitution.forEach(function (e, i) { g.fillRect(P.X(i + 0.5) - 3 + 2 * k, P.Y(Math.min(e, hi)) - 3, 6, 6); });
      });
      $('extra-note').textContent = 'Each impact\'s e = v_after/v_before (impulse scenes) or √(h_(k+1)/h_k) from the rebound heights (soft scenes, seed 003), dashed: ε = ' + fmt(state.info.epsilon, 4) + '.';
    } else if (kind === 'pendulum') {
      $('extra-title').textContent = 'Pendulum period against 4√(L/g)·K(sin(θ₀/2))';
      var T = state.info.period, m = 1, plo = T * 0.98, phi = T * 1.02;
      state.runs.forEach(function (r) { if (r.data && r.data.periods) { m = Math.max(m, r.data.periods.length); r.data.periods.forEach(function (p) { plo = Math.min(plo, p); phi = Math.max(phi, p); }); } });
      var Q = axes(g, cv, 0, m, plo, phi, 'period k', 'T_k (s)');
      line(g, Q, [0, m], [T, T], 2, '#000', [6, 4]);
      state.runs.forEach(function (r, k) {
        if (!r.data || !r.data.periods) return;
        g.fillStyle = colors[k % colors.length];
        r.data.periods.forEach(function (p, i) { g.fillRect(Q.X(i + 0.5) - 3 + 2 * k, Q.Y(p) - 3, 6, 6); });
      });
      $('extra-note').textContent = 'Measured between upward zero crossings of θ; dashed: T = ' + fmt(T, 6) + ' s (reference/analytic/pendulum.hpp, Boost.Math ellint_1).';
    } else {
      $('extra-title').textContent = '';
      $('extra-note').textContent = 'Restitution (bounce scenes) and period (pendulum scenes) are plotted here.';
    }
  }
  function show(i) {
    state.frame = i;
    var t = 0;
    draws.forEach(function (d, k) {
      var a = state.runs[k].anim;
      if (!d) return;
      var j = Math.min(i, a.t.length - 1);
      d(j); t = Math.max(t, a.t[j]);
    });
    $('time').value = i;
    $('time-value').textContent = fmt(t, 5) + ' s';
    plotEnergy(t); plotExtra(t);
  }
  function tick(now) {
    if (!state.playing) return;
    fpsCount++;
    if (now - fpsSince >= 1000) { state.fps = 1000 * fpsCount / (now - fpsSince); fpsCount = 0; fpsSince = now; }
    show(state.frame + 1 >= state.frames ? 0 : state.frame + 1);  // loops, as the scene page's player
    window.requestAnimationFrame(tick);
  }

  // ---------------------------------------------------------------- wiring
  function pickScene() {
    var s = scenes.filter(function (x) { return x.name === $('scene').value; })[0];
    $('toml').value = s.text;
    load(true);
  }
  createVerisimPlayground().then(function (module) {
    M = module;
    scenes = JSON.parse(M.scenes());
    scenes.forEach(function (s) { var o = document.createElement('option'); o.value = s.name; o.textContent = s.name; $('scene').appendChild(o); });
    $('scene').value = scenes.some(function (s) { return s.name === 'spring'; }) ? 'spring' : scenes[0].name;
    $('scene').addEventListener('change', pickScene);
    $('apply').addEventListener('click', function () { load(true); });
    $('toml').addEventListener('input', function () { debounce(function () { load(true); }); });
    $('dt').addEventListener('input', function () { exactDt = null; showLimits(); debounce(run); });
    $('time').addEventListener('input', function () { state.playing = false; $('play').textContent = 'play'; show(+$('time').value); });
    $('play').addEventListener('click', function () {
      state.playing = !state.playing; $('play').textContent = state.playing ? 'pause' : 'play';
      if (state.playing) { fpsSince = performance.now(); fpsCount = 0; window.requestAnimationFrame(tick); }
    });
    $('step').addEventListener('click', function () { state.playing = false; $('play').textContent = 'play'; show(Math.min(state.frame + 1, state.frames - 1)); });
    $('restart').addEventListener('click', function () { show(0); });
    pickScene();
    state.ready = true;
  });
})();
