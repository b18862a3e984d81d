// The scene drawer: one function for every page that draws a scene (the scene page below, and the browser
// playground, docs/playground.md). verisimSceneDrawer(D, canvas, label) returns draw(i), the frame i of D.
function verisimSceneDrawer(D, cv, label) {
  var g = cv.getContext('2d');
  var N = D.t.length, lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
  function grow(x, y, r) { lo[0] = Math.min(lo[0], x - r); lo[1] = Math.min(lo[1], y - r); hi[0] = Math.max(hi[0], x + r); hi[1] = Math.max(hi[1], y + r); }
  D.objects.forEach(function (o) {
    var r = Math.max(o.r, o.w / 2, o.h / 2, 0);
    for (var i = 0; i < N; i++) grow(o.x[i], o.y[i], r);
    if (o.anchor) grow(o.anchor[0], o.anchor[1], 0);
  });
  D.obstacles.forEach(function (b) {
    if (b.k === 'circle') grow(b.c[0], b.c[1], b.r);
    if (b.k === 'poly' || b.k === 'brick') b.p.forEach(function (p) { grow(p[0], p[1], 0); });
    if (b.k === 'line') grow(b.p[0], b.p[1], 0);
  });
  var span = Math.max(hi[0] - lo[0], hi[1] - lo[1], 1e-9), pad = 0.08 * span;
  var cx = (lo[0] + hi[0]) / 2, cy = (lo[1] + hi[1]) / 2, half = span / 2 + pad;
  var scale = Math.min(cv.width, cv.height) / (2 * half);
  function X(x) { return cv.width / 2 + (x - cx) * scale; }
  function Y(y) { return cv.height / 2 - (y - cy) * scale; }
  var colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  function poly(ps, fill) {
    g.beginPath(); g.moveTo(X(ps[0][0]), Y(ps[0][1]));
    for (var k = 1; k < ps.length; k++) g.lineTo(X(ps[k][0]), Y(ps[k][1]));
    g.closePath(); if (fill) { g.fillStyle = fill; g.fill(); } g.stroke();
  }
  function draw(i) {
    g.clearRect(0, 0, cv.width, cv.height);
    g.lineWidth = 1.5; g.strokeStyle = '#555';
    D.obstacles.forEach(function (b) {
      if (b.k === 'line') {
        var L = 10 * span; g.beginPath(); g.moveTo(X(b.p[0] - L * b.d[0]), Y(b.p[1] - L * b.d[1]));
        g.lineTo(X(b.p[0] + L * b.d[0]), Y(b.p[1] + L * b.d[1])); g.stroke();
      } else if (b.k === 'circle') {
        g.beginPath(); g.arc(X(b.c[0]), Y(b.c[1]), b.r * scale, 0, 2 * Math.PI); g.fillStyle = '#ddd'; g.fill(); g.stroke();
      } else if (b.k === 'poly') { poly(b.p, '#ddd'); }
      else if (b.k === 'brick') {
        for (var a = 0; a < 8; a++) for (var c = a + 1; c < 8; c++) {
          var d = a ^ c; if (d === 1 || d === 2 || d === 4) { g.beginPath(); g.moveTo(X(b.p[a][0]), Y(b.p[a][1])); g.lineTo(X(b.p[c][0]), Y(b.p[c][1])); g.stroke(); }
        }
      }
    });
    D.objects.forEach(function (o, n) {
      var col = colors[n % colors.length], x = o.x[i], y = o.y[i];
      g.strokeStyle = col; g.fillStyle = col; g.lineWidth = 1;
      g.beginPath(); var from = Math.max(0, i - 300);
      g.moveTo(X(o.x[from]), Y(o.y[from]));
      for (var k = from + 1; k <= i; k++) g.lineTo(X(o.x[k]), Y(o.y[k]));
      g.globalAlpha = 0.35; g.stroke(); g.globalAlpha = 1; g.lineWidth = 2;
      if (o.anchor) {
        g.beginPath(); g.moveTo(X(o.anchor[0]), Y(o.anchor[1]));
        if (o.kind === 'spring') {
          var ax = o.anchor[0], ay = o.anchor[1], dx = x - ax, dy = y - ay, len = Math.hypot(dx, dy) || 1, nx = -dy / len, ny = dx / len;
          for (var z = 1; z < 12; z++) { var s = z / 12, w = (z % 2 ? 1 : -1) * 0.04 * span; g.lineTo(X(ax + s * dx + w * nx), Y(ay + s * dy + w * ny)); }
        }
        g.lineTo(X(x), Y(y)); g.stroke();
      }
      if (o.kind === 'box') {
        var a = o.a[i], ca = Math.cos(a), sa = Math.sin(a), hw = o.w / 2, hh = o.h / 2;
        poly([[x + hw * ca - hh * sa, y + hw * sa + hh * ca], [x - hw * ca - hh * sa, y - hw * sa + hh * ca],
              [x - hw * ca + hh * sa, y - hw * sa - hh * ca], [x + hw * ca + hh * sa, y + hw * sa - hh * ca]], col + '55');
      } else if (o.r > 0) {
        g.beginPath(); g.arc(X(x), Y(y), Math.max(o.r * scale, 3), 0, 2 * Math.PI); g.fillStyle = col + '55'; g.fill(); g.stroke();
        if (o.a) { g.beginPath(); g.moveTo(X(x), Y(y)); g.lineTo(X(x + o.r * Math.cos(o.a[i])), Y(y + o.r * Math.sin(o.a[i]))); g.stroke(); }
      } else {
        g.beginPath(); g.arc(X(x), Y(y), 4, 0, 2 * Math.PI); g.fill();
      }
    });
    g.fillStyle = '#000'; g.font = '13px sans-serif';
    g.fillText('t = ' + D.t[i].toPrecision(6) + ' s   (' + D.axes[0] + ' →, ' + D.axes[1] + ' ↑)', 10, 18);
    if (label) label.textContent = 't = ' + D.t[i].toPrecision(6) + ' s';
  }
  return draw;
}
(function () {
  var D = SCENE_DATA;
  if (!D) return;  // the playground draws through verisimSceneDrawer alone
  var cv = document.getElementById('anim');
  var slider = document.getElementById('frame'), button = document.getElementById('play'), label = document.getElementById('time');
  var N = D.t.length, draw = verisimSceneDrawer(D, cv, label);
  var frame = 0, playing = false;
  slider.max = N - 1;
  function tick() { if (!playing) return; frame = (frame + 1) % N; slider.value = frame; draw(frame); window.requestAnimationFrame(tick); }
  button.addEventListener('click', function () { playing = !playing; button.textContent = playing ? 'pause' : 'play'; if (playing) window.requestAnimationFrame(tick); });
  slider.addEventListener('input', function () { frame = +slider.value; draw(frame); });
  draw(0);
})();
