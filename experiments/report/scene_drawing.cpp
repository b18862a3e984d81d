#include "experiments/report/scene_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "experiments/io/escape.hpp"
#include "experiments/io/number.hpp"
#include "toolkit/core/checkpoint.hpp"
#include "toolkit/scene/object_kinds.hpp"

namespace verisim::experiments {

namespace {
std::string num(double x) { return script_number(x); }
}  // namespace

std::string world_col(const scene::ObjectSpec& o, int axis) { return o.name + "." + "xyz"[axis]; }

bool has_col(const core::Samples& s, const std::string& n) { return s.find(n).has_value(); }

/// The two world axes along which the scene moves most (ties: natural order).
std::array<int, 2> view_axes(const scene::Scene& sc, const core::Samples& s) {
  std::array<double, 3> range{0, 0, 0};
  core::Pacer pacer;  // a stop signal is seen every ~0.1 s of writing (toolkit/core/checkpoint.hpp)
  for (const auto& o : sc.objects)
    for (int a = 0; a < 3; ++a) {
      pacer.checkpoint();
      const std::string c = world_col(o, a);
      if (!has_col(s, c)) continue;
      const std::size_t k = s.column(c);
      double lo = INFINITY, hi = -INFINITY;
      for (std::size_t r = 0; r < s.rows(); ++r) lo = std::min(lo, s.at(r, k)), hi = std::max(hi, s.at(r, k));
      range[static_cast<std::size_t>(a)] = std::max(range[static_cast<std::size_t>(a)], hi - lo);
    }
  int drop = 0;  // the axis with the smallest range is left out
  for (int a = 1; a < 3; ++a)
    if (range[static_cast<std::size_t>(a)] < range[static_cast<std::size_t>(drop)]) drop = a;
  // prefer z (the usual vertical) to be dropped only when it does not move: keep x, y when all flat
  if (range[2] == range[static_cast<std::size_t>(drop)]) drop = 2;
  std::array<int, 2> v{};
  int k = 0;
  for (int a = 0; a < 3; ++a)
    if (a != drop) v[static_cast<std::size_t>(k++)] = a;
  return v;
}


/// The scene's frames and shapes as a JS object literal, projected on the view axes (i, j).
std::string animation_data(const scene::Scene& sc, const core::Samples& s, std::array<int, 2> ax, std::size_t max_frames) {
  // at most 600 frames, fewer for many objects (a page of a few MB at most)
  const std::size_t rows = s.rows(), frames = std::min<std::size_t>({rows, max_frames, std::max<std::size_t>(60, 120000 / sc.objects.size())});
  std::vector<std::size_t> pick(frames);
  for (std::size_t f = 0; f < frames; ++f) pick[f] = frames > 1 ? f * (rows - 1) / (frames - 1) : 0;
  auto series = [&](const std::string& col) {
    std::string out = "[";
    if (!has_col(s, col)) {
      for (std::size_t f = 0; f < frames; ++f) out += (f ? ",0" : "0");
    } else {
      const std::size_t k = s.column(col);
      for (std::size_t f = 0; f < frames; ++f) out += (f ? "," : "") + num(s.at(pick[f], k));
    }
    return out + "]";
  };
  const int I = ax[0], J = ax[1];
  auto proj = [&](const core::Vec3& p) { return "[" + num(p[I]) + "," + num(p[J]) + "]"; };
  std::string d = "{t:" + series("t") + ",axes:['" + std::string(1, "xyz"[I]) + "','" + std::string(1, "xyz"[J]) + "'],objects:[";
  core::Pacer pacer;  // a stop signal is seen every ~0.1 s of writing (toolkit/core/checkpoint.hpp)
  for (std::size_t i = 0; i < sc.objects.size(); ++i) {
    pacer.checkpoint();
    const auto& o = sc.objects[i];
    const scene::Drawing& how = scene::kind_of(o.type).drawing;  // toolkit/scene/object_kinds.hpp
    using Anchor = scene::Drawing::Anchor;
    using Size = scene::Drawing::Size;
    const std::string anchor = how.anchor == Anchor::spring_top ? proj(o.origin - o.length * o.direction)  // hangs from O − L d
                               : how.anchor == Anchor::origin   ? proj(o.origin)
                                                                : "null";
    const std::string angle = how.turns ? series(o.name + ".angle") : "null";
    const double r = how.size == Size::radius || o.radius > 0.0 ? o.radius : how.size == Size::bob ? 0.05 * o.length : 0.0;
    d += fmt::format("{}{{name:{},kind:'{}',r:{},w:{},h:{},x:{},y:{},a:{},anchor:{}}}", i ? "," : "",
                     js_string(o.name), scene::to_string(o.type), num(r), num(o.width), num(o.height),
                     series(world_col(o, I)), series(world_col(o, J)), angle, anchor);
  }
  d += "],obstacles:[";
  bool first = true;
  for (const auto& ob : sc.obstacles) {
    std::string e;
    if (const auto* p = std::get_if<geometry::Plane>(&ob.shape)) {
      const int K = 3 - I - J;
      if (std::abs(p->normal[K]) < 1e-9) e = "{k:'line',p:" + proj(p->origin) + ",d:[" + num(-p->normal[J]) + "," + num(p->normal[I]) + "]}";
    } else if (const auto* q = std::get_if<geometry::PlanePortion>(&ob.shape)) {
      const core::Vec3& O = q->origin;
      e = "{k:'poly',p:[" + proj(O) + "," + proj(O + q->length * q->e_L) + "," + proj(O + q->length * q->e_L + q->width * q->e_l) +
          "," + proj(O + q->width * q->e_l) + "]}";
    } else if (const auto* b = std::get_if<geometry::Brick>(&ob.shape)) {
      e = "{k:'brick',p:[";
      for (int c = 0; c < 8; ++c)
        e += (c ? "," : "") + proj(b->origin + ((c & 1) ? b->length : 0.0) * b->e_L + ((c & 2) ? b->width : 0.0) * b->e_l() -
                                   ((c & 4) ? b->height : 0.0) * b->normal);
      e += "]}";
    } else if (const auto* sp = std::get_if<geometry::Sphere>(&ob.shape)) {
      e = "{k:'circle',c:" + proj(sp->center) + ",r:" + num(sp->radius) + "}";
    } else if (const auto* cy = std::get_if<geometry::Cylinder>(&ob.shape)) {
      const core::Vec2 a(cy->axis[I], cy->axis[J]);
      if (a.norm() < 1e-9) {
        e = "{k:'circle',c:" + proj(cy->center) + ",r:" + num(cy->radius) + "}";
      } else {
        const core::Vec2 u = a.normalized(), n(-u.y(), u.x()), c(cy->center[I], cy->center[J]);
        const double h = 0.5 * cy->length * a.norm();
        auto pt = [&](double along, double across) {
          const core::Vec2 q2 = c + along * h * u + across * cy->radius * n;
          return "[" + num(q2.x()) + "," + num(q2.y()) + "]";
        };
        e = "{k:'poly',p:[" + pt(-1, -1) + "," + pt(1, -1) + "," + pt(1, 1) + "," + pt(-1, 1) + "]}";
      }
    }
    if (e.empty()) continue;
    d += (first ? "" : ",") + e;
    first = false;
  }
  return d + "]}";
}

}  // namespace verisim::experiments
