#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "toolkit/scene/load_detail.hpp"
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

void size_output(Scene& scene, const toml::table& simulation) {
  Simulation& s = scene.simulation;
  const double objects = static_cast<double>(scene.objects.size());
  const double rows = std::floor(static_cast<double>(s.steps) / static_cast<double>(s.sample_every)) + 2;  // and t = 0, the last
  if (rows * objects <= (s.sample_every_given ? kMaxObjectRows : kDefaultObjectRows)) return;
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

}  // namespace verisim::scene::detail
