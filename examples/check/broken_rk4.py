"""A classic mistake: RK4 with the weights of its last two stages swapped, (1, 2, 1, 2)/6 in place
of (1, 2, 2, 1)/6. They still sum to 1 (order 1), but b.c = 7/12, not 1/2: order 1."""
from protocol import main
from rk4 import rk4_step

main(lambda q, v, t, dt, a: rk4_step(q, v, t, dt, a, (1 / 6, 2 / 6, 1 / 6, 2 / 6)))  # BUG: 1/6 and 2/6 swapped
