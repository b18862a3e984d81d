# Generates tests/bad_input/scenes/*.toml and the scene rows of cases.tsv (run once by hand; kept for reference)
import os
SPRING = '''title = "bad input: {name}"

[simulation]
integrator = "rk4"
dt = 0.001
t_end = 1

[[object]]
type = "spring"
name = "mass"
mass = 1.0
k = 4.0
direction = [0, 0, -1]
x0 = 0.1

[[force]]
type = "gravity"
'''
DISCS = '''title = "bad input: {name}"

[simulation]
integrator = "verlet"
dt = 0.01
t_end = 1
law = "frictionless"
restitution = 1.0

[[object]]
type = "disc"
name = "d1"
radius = 1.0
position = [-3, 0]
velocity = [1, 0]

[[object]]
type = "disc"
name = "d2"
radius = 1.0
position = [0, 0]
'''
PEND = '''title = "bad input: {name}"

[simulation]
integrator = "rk4"
dt = 0.001
t_end = 1

[[object]]
type = "pendulum"
name = "bob"
length = 1.0
direction = [1, 0, 0]
theta0 = 0.1

[[force]]
type = "gravity"
'''
SPH = '''title = "bad input: {name}"

[simulation]
dt = 0.001
t_end = 1

[[object]]
type = "sphere"
name = "ball"
radius = 0.1
position = [0, 0, 1]

[[force]]
type = "gravity"

[[obstacle]]
type = "plane"
name = "floor"
'''
SPHP = '''title = "bad input: {name}"

[simulation]
dt = 0.001
t_end = 1

[[object]]
type = "spherical-pendulum"
name = "bob"
length = 1.0
direction = [1, 0, 0]
theta0 = 0.5
phi_dot0 = 1.0

[[force]]
type = "gravity"
'''
SOFT = '''title = "bad input: {name}"

[simulation]
integrator = "verlet"
dt = 1e-5
t_end = 0.001
law = "soft"

[contact]
dimension = 2
kn = 10000.0

[[object]]
type = "particle"
name = "p1"
radius = 0.01
mass = 0.01
position = [0, 0]

[[object]]
type = "particle"
name = "p2"
radius = 0.01
mass = 0.01
position = [0.03, 0]
'''
rows = []
def case(name, base, old, new, what, expect_extra, at=None, file_named=True):
    text = base.replace('{name}', name)
    if old is None:
        text = text + new
    else:
        assert old in text, (name, old)
        text = text.replace(old, new, 1)
    path = f'scenes/{name}.toml'
    open(path, 'w').write(text)
    # the position of the bad text, counted here from the file (not from verisim): line and column of `at`
    marker = at if at is not None else None
    loc = ''
    if marker is not None:
        i = text.index(new) + new.index(marker)  # the marker inside the replaced text
        line = text.count('\n', 0, i) + 1
        col = i - (text.rfind('\n', 0, i) + 1) + 1
        loc = f'{name}.toml:{line}:{col}'
    else:
        loc = f'{name}.toml:'
    rows.append((name, f'run {{data}}/scenes/{name}.toml --out {{out}} --no-plots --quiet', ' && '.join(([loc] if file_named else []) + expect_extra), what))

def val(text, key):  # the value of `key = …` in text: where toml++ places the node
    return None

# syntax
case('syntax_unterminated_string', SPRING, 'name = "mass"', 'name = "mass', 'syntax: unterminated string', [], at=None)  # toml++ reports the end of the line
case('syntax_missing_equals', SPRING, 'dt = 0.001', 'dt 0.001', 'syntax: a key without =', [], at=None)
case('syntax_duplicate_key', SPRING, 'dt = 0.001', 'dt = 0.001\ndt = 0.002', 'syntax: a key given twice', [], at=None)
case('syntax_unclosed_table', SPRING, '[simulation]', '[simulation', 'syntax: a table header without ]', [], at=None)
case('syntax_bad_number', SPRING, 'mass = 1.0', 'mass = 1.0.0', 'syntax: 1.0.0', [], at=None)
# wrong types
case('type_dt_string', SPRING, 'dt = 0.001', 'dt = "fast"', 'wrong type: dt a string', ["'dt'"], at='"fast"')
case('type_mass_array', SPRING, 'mass = 1.0', 'mass = [1.0]', 'wrong type: mass an array', ["'mass'"], at='[1.0]')
case('type_direction_string', SPRING, 'direction = [0, 0, -1]', 'direction = "down"', 'wrong type: a vector given as a string', ["'direction'"], at='"down"')
case('type_vector_four', SPRING, 'direction = [0, 0, -1]', 'direction = [0, 0, -1, 0]', 'a vector of 4 numbers', ["'direction'"], at='[0, 0, -1, 0]')
case('type_integrator_number', SPRING, 'integrator = "rk4"', 'integrator = 4', 'wrong type: integrator a number', ["'integrator'"], at='4')
case('type_object_not_table', SPRING, 'title =', 'object = 3\ntitle =', 'object is a number, not an array of tables', ["'object'"], at=None)
# unknown keys
case('unknown_key_top', SPRING, 'title =', 'colour = "red"\ntitle =', 'unknown top-level key', ["'colour'"], at='colour')
case('unknown_key_simulation', SPRING, 'dt = 0.001', 'dt = 0.001\ndtt = 0.001', 'typo in [simulation]: dtt', ["'dtt'"], at='dtt')
case('unknown_key_object', SPRING, 'mass = 1.0', 'masss = 1.0', 'typo in an object: masss', ["'masss'"], at='masss')
case('unknown_object_type', SPRING, 'type = "spring"', 'type = "sprung"', 'unknown object type', ["sprung"], at='"sprung"')
case('unknown_force_type', SPRING, 'type = "gravity"', 'type = "gravitation"', 'unknown force type', ["gravitation"], at='"gravitation"')
# physically meaningless values
case('mass_negative', SPRING, 'mass = 1.0', 'mass = -1.0', 'negative mass', ["'mass'"], at='-1.0')
case('mass_zero', SPRING, 'mass = 1.0', 'mass = 0.0', 'zero mass', ["'mass'"], at='0.0')
case('mass_nan', SPRING, 'mass = 1.0', 'mass = nan', 'NaN mass', ["'mass'"], at='nan')
case('stiffness_negative', SPRING, 'k = 4.0', 'k = -4.0', 'negative stiffness', ["'k'"], at='-4.0')
case('stiffness_zero', SPRING, 'k = 4.0', 'k = 0', 'zero stiffness', ["'k'"], at='0')
case('radius_negative', DISCS, 'radius = 1.0\nposition = [-3', 'radius = -1.0\nposition = [-3', 'negative radius', ["'radius'"], at='-1.0')
case('radius_zero', SPH, 'radius = 0.1', 'radius = 0', 'zero radius', ["'radius'"], at='0')
case('length_negative', PEND, 'length = 1.0', 'length = -1.0', 'negative pendulum length', ["'length'"], at='-1.0')
case('length_zero', PEND, 'length = 1.0', 'length = 0.0', 'zero pendulum length', ["'length'"], at='0.0')
case('dt_zero', SPRING, 'dt = 0.001', 'dt = 0.0', 'dt = 0', ["'dt'"], at='0.0')
case('dt_negative', SPRING, 'dt = 0.001', 'dt = -0.001', 'dt < 0', ["'dt'"], at='-0.001')
case('dt_nan', SPRING, 'dt = 0.001', 'dt = nan', 'dt NaN', ["'dt'"], at='nan')
case('dt_inf', SPRING, 'dt = 0.001', 'dt = inf', 'dt infinite', ["'dt'"], at='inf')
case('t_end_negative', SPRING, 't_end = 1', 't_end = -1', 't_end < 0', ["'t_end'"], at='-1')
case('t_end_inf', SPRING, 't_end = 1', 't_end = inf', 't_end infinite', ["'t_end'"], at='inf')
case('steps_and_t_end', SPRING, 't_end = 1', 't_end = 1\nsteps = 10', 'both t_end and steps', ['t_end', 'steps'], at=None)
case('steps_zero', SPRING, 't_end = 1', 'steps = 0', 'steps = 0', ["'steps'"], at='0')
case('restitution_negative', DISCS, 'restitution = 1.0', 'restitution = -0.5', 'restitution < 0', ["'restitution'"], at='-0.5')
case('friction_negative', SPH, 'dt = 0.001', 'law = "coulomb"\nfriction = -0.2\ndt = 0.001', 'mu < 0', ["'friction'"], at='-0.2')
case('unknown_integrator', SPRING, 'integrator = "rk4"', 'integrator = "rk5"', 'unknown integrator', ['rk5', 'rk4'], at='"rk5"')
case('unknown_law', DISCS, 'law = "frictionless"', 'law = "sticky"', 'unknown collision law', ['sticky', 'frictionless'], at='"sticky"')
case('overlapping_discs', DISCS, 'position = [-3, 0]', 'position = [-1.5, 0]', 'discs overlapping at t = 0 (impulse laws start from separated bodies)', ['d1', 'd2'], at=None)
case('sphere_through_floor', SPH, 'position = [0, 0, 1]', 'position = [0, 0, 0.05]', 'a sphere overlapping the plane at t = 0', ['ball', 'floor'], at=None)
case('spherical_pendulum_at_pole', SPHP, 'theta0 = 0.5', 'theta0 = 0.0', 'spherical pendulum started at its pole θ = 0', ["pole"], at='0.0')
case('spherical_pendulum_at_south_pole', SPHP, 'theta0 = 0.5', 'theta0 = 3.141592653589793', 'spherical pendulum started at θ = π', ["pole"], at='3.141592653589793')
case('pendulum_without_gravity', PEND, '[[force]]\ntype = "gravity"\n', '', 'a pendulum with no gravity (k = {g}₁ undefined)', ['gravity'], at=None)
case('no_object', SPRING, SPRING[SPRING.index('[[object]]'):], '', 'no object', ['object'], at=None)
case('no_simulation', SPRING, '[simulation]\nintegrator = "rk4"\ndt = 0.001\nt_end = 1\n', '', 'no [simulation] table', ['simulation'], at=None)
case('duplicate_names', DISCS, 'name = "d2"', 'name = "d1"', 'two objects named d1', ['d1'], at=None)
case('force_on_unknown_object', SPRING, 'type = "gravity"', 'type = "gravity"\non = ["nobody"]', 'a force on an object that does not exist', ['nobody'], at=None)
case('friction_with_frictionless', DISCS, 'restitution = 1.0', 'restitution = 1.0\nfriction = 0.3', 'friction with the frictionless law', ["friction"], at='0.3')
case('newmark_diverges', SPRING.replace('k = 4.0', 'k = 4e6'), 'integrator = "rk4"\ndt = 0.001', 'integrator = "newmark"\ndt = 0.1', "Newmark's fixed point cannot converge: k dt²/(6m) = 4e6·0.01/6 ≫ 1", ['newmark', 'step from t = 0', 'did not converge', 'the cap'], at=None, file_named=False)
# issue 26, seed 001: time laws, the physical pendulum, the first-order object
DRIVEN = """title = "bad input: {name}"

[simulation]
integrator = "rk4"
dt = 0.001
t_end = 1

[[object]]
type = "spring"
name = "mass"
k = 4.0

[[force]]
type = "driven"
F = [1, 0, 0]
law = "cosine"
omega = 1.5
"""
PHYS = """title = "bad input: {name}"

[simulation]
integrator = "rk4"
dt = 0.001
t_end = 1

[[object]]
type = "physical-pendulum"
name = "rod"
distance = 0.5
inertia = 0.1
direction = [1, 0, 0]

[[force]]
type = "gravity"
"""
RELAX = """title = "bad input: {name}"

[simulation]
integrator = "rk4"
dt = 0.001
t_end = 1

[[object]]
type = "relaxation"
name = "rc"
tau = 0.5
E0 = 1.0
"""
case('driven_missing_law', DRIVEN, 'law = "cosine"\nomega = 1.5\n', '', 'a driven force without a time law', ["missing key 'law'"], at=None)
case('driven_missing_F', DRIVEN, 'F = [1, 0, 0]\n', '', 'a driven force without F', ["missing key 'F'"], at=None)
case('driven_unknown_law', DRIVEN, 'law = "cosine"', 'law = "sine"', 'unknown time law', ['sine', 'cosine', 'table'], at='"sine"')
case('driven_omega_negative', DRIVEN, 'omega = 1.5', 'omega = -1.5', 'Ω < 0', ["'omega'"], at='-1.5')
case('driven_omega_missing', DRIVEN, 'omega = 1.5\n', '', 'cosine law without Ω', ["missing key 'omega'"], at=None)
case('driven_omega_with_table', DRIVEN, 'law = "cosine"', 'law = "table"\ntable = [[0, 1], [1, 0]]', "a cosine's key in a table law", ["unknown key 'omega'"], at=None)
case('driven_table_not_increasing', DRIVEN, 'law = "cosine"\nomega = 1.5', 'law = "table"\ntable = [[0, 1], [1, 2], [0.5, 3]]', 'table times not increasing', ['strictly increasing'], at='[0.5, 3]')
case('driven_table_triple', DRIVEN, 'law = "cosine"\nomega = 1.5', 'law = "table"\ntable = [[0, 1, 2]]', 'a table entry of three numbers', ['[t, value] pairs'], at='[0, 1, 2]')
case('driven_table_empty', DRIVEN, 'law = "cosine"\nomega = 1.5', 'law = "table"\ntable = []', 'an empty table', ['non-empty'], at='[]')
case('driven_table_string', DRIVEN, 'law = "cosine"\nomega = 1.5', 'law = "table"\ntable = [[0, "one"]]', 'a table value that is a string', ["'table'", 'number'], at='"one"')
case('physical_pendulum_inertia_negative', PHYS, 'inertia = 0.1', 'inertia = -0.1', 'I_cm < 0', ["'inertia'"], at='-0.1')
case('physical_pendulum_missing_inertia', PHYS, 'inertia = 0.1\n', '', 'a physical pendulum without I_cm', ["missing key 'inertia'"], at=None)
case('physical_pendulum_distance_zero', PHYS, 'distance = 0.5', 'distance = 0', 'd = 0 (the axis through the centre of mass: no restoring torque)', ["'distance'"], at='0')
case('relaxation_tau_zero', RELAX, 'tau = 0.5', 'tau = 0', 'τ = 0', ["'tau'"], at='0')
case('relaxation_missing_tau', RELAX, 'tau = 0.5\n', '', 'a relaxation without τ', ["missing key 'tau'"], at=None)
case('support_table_law', PEND, 'theta0 = 0.1', 'theta0 = 0.1\nsupport = [0, 0, 0.05]\nlaw = "table"\ntable = [[0, 0], [1, 1]]', "a pendulum support with a table law (its acceleration would be impulses)", ["cosine"], at='"table"')
case('support_with_radius', PEND, 'theta0 = 0.1', 'theta0 = 0.1\nradius = 0.05\nsupport = [0, 0, 0.05]\nomega = 10', 'a bob with a radius on a moving pivot', ["'radius'", 'fixed pivot'], at='[0, 0, 0.05]')
case('support_omega_missing', PEND, 'theta0 = 0.1', 'theta0 = 0.1\nsupport = [0, 0, 0.05]', 'a cosine support without Ω', ["missing key 'omega'"], at=None)
# issue 26: an object's own friction coefficient μᵢ (sphere, disc; a pair's μ = μ₁·μ₂, seed 001 §E.1)
case('object_friction_negative', SPH, 'radius = 0.1', 'radius = 0.1\nfriction = -0.3', "an object's friction μᵢ < 0", ["'friction'"], at='-0.3')
case('object_friction_string', SPH, 'radius = 0.1', 'radius = 0.1\nfriction = "rough"', "an object's friction given as a string", ["'friction'"], at='"rough"')
case('object_friction_with_frictionless', SPH, 'radius = 0.1', 'radius = 0.1\nfriction = 0.3', "an object's friction with the frictionless law", ["friction", "frictionless"], at='0.3')
# soft contact (issue 26): cohesion, dipoles, charges, long-range forces, several stiffness regimes
case('soft_cohesion_not_table', SOFT, 'kn = 10000.0', 'kn = 10000.0\ncohesion = true', "'cohesion' not a table", ["'cohesion'", 'table'], at='true')
case('soft_cohesion_delta_c_negative', SOFT, 'kn = 10000.0', 'kn = 10000.0\n\n[contact.cohesion]\ndelta_c = -0.001\nf_max = 1.0', 'cohesion range δ_c < 0', ["'delta_c'"], at='-0.001')
case('soft_cohesion_missing_f_max', SOFT, 'kn = 10000.0', 'kn = 10000.0\n\n[contact.cohesion]\ndelta_c = 0.001', 'cohesion without its strength F_max', ["'f_max'", '[contact.cohesion]'], at=None)
case('soft_cohesion_f_max_negative', SOFT, 'kn = 10000.0', 'kn = 10000.0\n\n[contact.cohesion]\ndelta_c = 0.001\nf_max = -1.0', 'cohesion F_max < 0', ["'f_max'"], at='-1.0')
case('soft_cohesion_unknown_key', SOFT, 'kn = 10000.0', 'kn = 10000.0\n\n[contact.cohesion]\ndelta_c = 0.001\nf_max = 1.0\nrange = 0.001', 'typo in [contact.cohesion]', ["'range'", 'delta_c'], at='range')
case('soft_dipole_alpha_too_large', SOFT, 'kn = 10000.0', 'kn = 10000.0\n\n[contact.dipoles]\nalpha = 0.5', 'dipole cut-off α > 0.1 (seed 003: α ≤ 0.1)', ["'alpha'", '0.1'], at='0.5')
case('soft_dipole_out_of_plane', SOFT, 'position = [0.03, 0]', 'position = [0.03, 0]\ndipole = [0, 0, 1]', "a 2D disc's moment out of its plane", ["'dipole'", 'its z must be 0'], at='[0, 0, 1]')
case('soft_dipole_string', SOFT, 'position = [0.03, 0]', 'position = [0.03, 0]\ndipole = "north"', 'a moment given as a string', ["'dipole'"], at='"north"')
case('soft_charge_string', SOFT, 'position = [0.03, 0]', 'position = [0.03, 0]\ncharge = "plus"', 'a charge given as a string', ["'charge'"], at='"plus"')
case('soft_two_long_range_laws', SOFT, None, '\n[[force]]\ntype = "coulomb"\n\n[[force]]\ntype = "mutual-gravity"\n', 'coulomb and mutual-gravity in one soft scene (one long-range law)', ['one long-range law'], at='[[force]]\ntype = "mutual-gravity"')
case('soft_coulomb_on_subset', SOFT, None, '\n[[force]]\ntype = "coulomb"\non = ["p1"]\n', 'coulomb between some particles only', ["no 'on' list"], at='[[force]]')
case('soft_mean_field_cells_zero', SOFT, None, '\n[[force]]\ntype = "coulomb"\ncells = 0\n', 'mean field of 0 cells', ["'cells'"], at='0')
case('soft_mean_field_centre_unknown', SOFT, None, '\n[[force]]\ntype = "coulomb"\ncentre = "middle"\n', 'unknown mean-field centre', ["middle", 'centroid'], at='"middle"')
case('impulse_mean_field_cells', SPRING, None, '\n[[force]]\ntype = "coulomb"\ncells = 4\n', "the mean field's cells in an impulse scene", ["'cells'", 'soft'], at='4')
case('soft_stiffness_list_entry_not_table', SOFT, 'kn = 10000.0', 'stiffness = [3]', 'a stiffness list entry that is not a table', ['stiffness', 'regime'], at='3')
case('soft_stiffness_list_unknown_regime', SOFT, 'kn = 10000.0', 'stiffness = [{regime = "soft"}]', 'an unknown regime in a stiffness list', ['soft', 'forced'], at='"soft"')
case('soft_stiffness_list_missing_speed', SOFT, 'kn = 10000.0', 'stiffness = [{regime = "forced"}]', "a forced regime without its speed", ["'speed'"], at='{')
case('soft_delta_max_with_kn', SOFT, 'kn = 10000.0', 'kn = 10000.0\ndelta_max = 0.0001', 'delta_max (a regime\'s overlap) beside a given kn', ["'delta_max'", 'stiffness'], at='0.0001')
case('soft_stiffness_list_empty', SOFT, 'kn = 10000.0', 'stiffness = []', 'an empty stiffness list', ['stiffness', 'no regime'], at='[]')
HERTZ = '''title = "bad input: {name}"

[simulation]
integrator = "verlet"
dt = 1e-4
t_end = 0.001
law = "soft"
restitution = 0.5
friction = 0.5

[contact]
model = "hertz-mindlin"

[contact.material]
youngs_modulus = 1.0e7
poisson = 0.3
density = 2500.0

[[object]]
type = "particle"
name = "p1"
radius = 0.01
position = [0, 0, 0.01]

[[object]]
type = "particle"
name = "p2"
radius = 0.01
position = [0.03, 0, 0.01]
'''
# issue 29: Hertz–Mindlin scenes
case('hertz_kn_given', HERTZ, 'model = "hertz-mindlin"', 'model = "hertz-mindlin"\nkn = 10000.0', "kn with hertz-mindlin (Hertz's stiffness comes from E, ν)", ["'kn'"], at='10000.0')
case('hertz_kt_given', HERTZ, 'model = "hertz-mindlin"', 'model = "hertz-mindlin"\nkt = 50.0', "kt with hertz-mindlin (Mindlin's from G*)", ["'kt'"], at='50.0')
case('hertz_unknown_model', HERTZ, 'model = "hertz-mindlin"', 'model = "hertz"', 'an unknown contact model', ['unknown contact model', 'hertz-mindlin'], at='"hertz"')
case('hertz_missing_material', HERTZ, '[contact.material]\nyoungs_modulus = 1.0e7\npoisson = 0.3\ndensity = 2500.0\n', '', 'hertz-mindlin without its material', ['material'], at=None)
case('hertz_poisson_above_half', HERTZ, 'poisson = 0.3', 'poisson = 0.7', "Poisson's ratio above 1/2", ["'poisson'"], at='0.7')
case('hertz_youngs_negative', HERTZ, 'youngs_modulus = 1.0e7', 'youngs_modulus = -1.0e7', "a negative Young's modulus", ["'youngs_modulus'"], at='-1.0e7')
case('hertz_density_string', HERTZ, 'density = 2500.0', 'density = "heavy"', 'a density given as a string', ["'density'"], at='"heavy"')
case('hertz_material_unknown_key', HERTZ, 'density = 2500.0', 'density = 2500.0\nyoung = 1.0e7', 'typo in [contact.material]', ["'young'"], at='young')
case('hertz_tangential_damping_negative', HERTZ, 'model = "hertz-mindlin"', 'model = "hertz-mindlin"\ntangential_damping = -1.0', 'a negative tangential dashpot share', ["'tangential_damping'"], at='-1.0')
case('hertz_material_with_spring_dashpot', SOFT, 'kn = 10000.0', 'kn = 10000.0\n\n[contact.material]\nyoungs_modulus = 1.0e7\npoisson = 0.3\ndensity = 2500.0', 'a material with seed 003\'s spring-dashpot', ['material'], at=None)
case('hertz_dimension_2', HERTZ, 'model = "hertz-mindlin"', 'model = "hertz-mindlin"\ndimension = 2', 'hertz-mindlin in 2D (Hertz is the law of spheres)', ['dimension'], at=None)
case('hertz_dt_above_bound', HERTZ, 'dt = 1e-4', 'dt = 1e-2', 'dt above the Hertz bound 4c T_Rayleigh', ['dt = 0.01', 'Hertz bound', 'take dt ≤'], at='1e-2')
case('hertz_rotates_string', HERTZ, 'position = [0.03, 0, 0.01]', 'position = [0.03, 0, 0.01]\nrotates = "no"', 'rotates given as a string', ["'rotates'"], at='"no"')
DISCS_BOX = DISCS + '''\n[[object]]\ntype = "box"\nname = "b"\nwidth = 1.0\nheight = 1.0\nposition = [0, 5]\n'''
case('box_disc_friction', DISCS_BOX, 'law = "frictionless"', 'law = "coulomb"\nfriction = 0.3', "friction between a box and a disc (seed 002's box impulse is frictionless)", ["'d1'", 'boxes', 'frictionless'], at=None)
open('/tmp/scene_rows.tsv','w').write(''.join('\t'.join(r) + '\n' for r in rows))
print(len(rows))
