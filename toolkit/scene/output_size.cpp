#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "toolkit/core/memory.hpp"
#include "toolkit/scene/load_detail.hpp"
#include "toolkit/scene/object_kinds.hpp"
#include "toolkit/scene/toml_reader.hpp"

namespace verisim::scene::detail {

/// The run holds its samples in memory and writes them as CSV: one row of every object's columns (up
/// to 16: degrees of freedom, world position and velocity, spins) per sample. The default
/// sample_every, ⌈steps/2000⌉, is raised so that rows × objects ≤ kDefaultObjectRows (a pile of 10⁵
/// particles gets 20 rows, not 2000: 2·10⁹ numbers, 16 GB; above 5·10⁵ objects the first and last rows
/// are kept all the same); a sample_every written in the file may
/// ask for up to kMaxObjectRows (about 2 GB of samples at 16 columns), beyond which it is refused
/// rather than exhausting the memory mid-run.
constexpr double kDefaultObjectRows = 2e6, kMaxObjectRows = 2e7;
/// And the memory those rows take, estimated before anything is allocated (issue 24.11): every number
/// is held (8 bytes) and then written as CSV text built in memory (at most 24 characters: 17
/// significant digits, sign, point, exponent, comma), kBytesPerNumber in all; refused above
/// kMaxSampleNumbers numbers (2 GB held) or above the machine's available memory.
constexpr double kBytesPerNumber = 8.0 + 24.0, kMaxSampleNumbers = 2.5e8;

/// The numbers of one sample: t and every object's trajectory columns (object_kinds.hpp; a particle's
/// are x … vz and its spin, soft_world.hpp), t, the energies and the conserved quantities (impulse_output.cpp).
double numbers_per_row(const Scene& scene) {
  double n = 1.0 + 4.0 + 6.0;  // t; t, kinetic, potential, total; px … Lz at most
  for (const ObjectSpec& o : scene.objects) {
    if (o.type == ObjectType::particle) {
      n += scene.contact.dimension == 2 ? 7.0 : 9.0;
      continue;
    }
    const ObjectKind& k = kind_of(o.type);
    n += static_cast<double>(k.lead.size() + k.trail.size()) + (k.world ? 6.0 : 0.0);
    if (o.type == ObjectType::spherical_pendulum) n += 1.0;  // its L·k
  }
  return n;
}

void size_output(Scene& scene, const toml::table& simulation) {
  Simulation& s = scene.simulation;
  const double objects = static_cast<double>(scene.objects.size());
  const double rows = std::floor(static_cast<double>(s.steps) / static_cast<double>(s.sample_every)) + 2;  // and t = 0, the last
  if (rows * objects > (s.sample_every_given ? kMaxObjectRows : kDefaultObjectRows)) {
    if (s.sample_every_given) {
      const double need = std::ceil(static_cast<double>(s.steps) / std::max(1.0, std::floor(kMaxObjectRows / objects) - 2));
      Reader(simulation, scene.file, "[simulation]")
          .fail("sample_every", fmt::format("'sample_every' {} gives {} rows of {} objects, more than {:.0e} object-rows "
                                            "(the samples are held in memory): take sample_every ≥ {}",
                                            s.sample_every, rows, objects, kMaxObjectRows, need));
    }
    const double max_rows = std::max(2.0, std::floor(kDefaultObjectRows / objects) - 2);
    s.sample_every = static_cast<std::size_t>(std::max(1.0, std::ceil(static_cast<double>(s.steps) / max_rows)));
  }
  // the memory of the rows kept (issue 24.11)
  const double per_row = numbers_per_row(scene);
  const double kept = std::floor(static_cast<double>(s.steps) / static_cast<double>(s.sample_every)) + 2;
  const double bytes = kept * per_row * kBytesPerNumber;
  const auto available = core::available_memory();
  const double limit = std::min(kMaxSampleNumbers * kBytesPerNumber, available.value_or(INFINITY));
  if (bytes <= limit) return;
  const double fit_rows = std::max(3.0, std::floor(limit / (per_row * kBytesPerNumber)) - 2);
  const double need = std::ceil(static_cast<double>(s.steps) / fit_rows);
  Reader(simulation, scene.file, "[simulation]")
      .fail("sample_every",
            fmt::format("'sample_every' {} keeps {} rows of {} numbers: an estimated {} in memory (each number held, {} "
                        "bytes, and as CSV text, up to {}), more than {} (at most {:.1e} numbers are held; {}): take "
                        "sample_every ≥ {}",
                        s.sample_every, kept, per_row, core::bytes_text(bytes), 8, 24,
                        core::bytes_text(limit), kMaxSampleNumbers, core::available_memory_text(), need));
}

}  // namespace verisim::scene::detail
