// The playground's module under node (ctest PlaygroundModule.Node, wasm preset): it loads, lists the bundled
// scenes, runs each of them, and reports a malformed scene at its line and column (docs/playground.md).
'use strict';
const assert = require('assert');
const createVerisimPlayground = require(process.argv[2]);
createVerisimPlayground().then((m) => {
  const scenes = JSON.parse(m.scenes());
  assert(scenes.length >= 40, `bundled scenes: ${scenes.length}`);
  const spring = scenes.find((s) => s.name === 'spring');
  assert(spring, 'spring.toml is bundled');
  const ok = JSON.parse(m.load(spring.text, 'spring'));
  assert(ok.ok, ok.message);
  const info = JSON.parse(m.info());
  const euler = info.methods.find((x) => x.name === 'euler'), verlet = info.methods.find((x) => x.name === 'verlet');
  assert(euler && verlet, 'euler and verlet are offered');
  // θ_max: explicit Euler is unstable at every θ > 0 on the oscillator; Verlet's limit is θ = 2 (GNI §I.5)
  assert.strictEqual(euler.theta_max, 0);
  assert(Math.abs(verlet.theta_max - 2) < 1e-12, `verlet θ_max ${verlet.theta_max}`);
  const out = Function('return ' + m.run('euler,verlet', 0.01, 10, 100))();
  assert.strictEqual(out.runs.length, 2);
  for (const r of out.runs) assert(!r.info.error, r.info.error);
  // the line:column of a malformed value: line 6 of the spring's text
  const bad = spring.text.replace('dt = 0.001', 'dt = 0.0.1');
  const err = JSON.parse(m.load(bad, 'spring'));
  assert(!err.ok && err.line === 6, JSON.stringify(err));
  // every bundled scene loads and runs with its own integrator, Δt and t_end (about 5 s in all)
  for (const s of scenes) {
    const r = JSON.parse(m.load(s.text, s.name));
    assert(r.ok, `${s.name}: ${r.message}`);
    const i = JSON.parse(m.info());
    const run = Function('return ' + m.run(i.integrator, i.dt, i.t_end, 100))().runs[0];
    assert(!run.info.error && run.anim && run.anim.t.length > 1, `${s.name}: ${run.info.error}`);
  }
  // the largest bundled scene (most objects), whose frame rate the browser test measures (tests/playground)
  let most = null;
  for (const s of scenes) {
    if (!JSON.parse(m.load(s.text, s.name)).ok) continue;
    const i = JSON.parse(m.info());
    if (!most || i.objects > most.objects) most = { name: s.name, objects: i.objects };
  }
  assert.strictEqual(most.name, 'coulomb_cloud', `largest scene: ${JSON.stringify(most)}`);
  console.log('module ok:', scenes.length, 'scenes;', err.message);
});
