// Runs the <script> of a scene page (argv[2]) against a minimal DOM: a script error exits 1.
// Used by tests/scene (Chromium is not installed here; this catches syntax and runtime errors of
// the animation code on every bundled scene's data).
const fs = require('fs');
const html = fs.readFileSync(process.argv[2], 'utf8');
const m = html.match(/<script>([\s\S]*?)<\/script>/);
if (!m) { console.error('no script'); process.exit(1); }
const calls = { draw: 0 };
const ctx = new Proxy({}, { get: (t, k) => (k in t ? t[k] : () => { calls.draw++; }), set: (t, k, v) => { t[k] = v; return true; } });
const el = { width: 800, height: 560, value: 0, max: 0, textContent: '', getContext: () => ctx,
             addEventListener: (ev, fn) => { el['on' + ev] = fn; } };
global.document = { getElementById: () => el };
global.window = { requestAnimationFrame: () => {} };
for (const id of ['img']) void id;
try {
  new Function(m[1])();
  el.value = String(el.max); el.oninput && el.oninput();  // the last frame too
  el.onclick && el.onclick();
} catch (e) { console.error('script error: ' + e.stack); process.exit(1); }
if (calls.draw === 0) { console.error('nothing drawn'); process.exit(1); }
const imgs = [...html.matchAll(/<img src="([^"]+)"/g)].map(x => x[1]);
for (const src of imgs) if (!fs.existsSync(require('path').join(require('path').dirname(process.argv[2]), src))) { console.error('missing image ' + src); process.exit(1); }
console.log('ok: ' + calls.draw + ' drawing calls, ' + imgs.length + ' images');
