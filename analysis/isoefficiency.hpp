#pragma once
// The isoefficiency curve of a series: for a target efficiency E, the problem
// size W(P) at which each P reaches E. It is read off the measurements at each
// P by interpolating linearly in log W between the two measured sizes whose
// efficiencies bracket E; it is never extrapolated past the measured sizes.

#include <optional>
#include <string>
#include <vector>

#include "analysis/efficiency_table.hpp"

namespace stacksplit::analysis {

struct SizeEfficiency {
  double problem_size = 0;
  double efficiency = 0;
};

// W at which efficiency reaches `target`, or why it cannot be read off.
struct ProblemSizeEstimate {
  std::optional<double> problem_size;
  std::string note;  // set when problem_size is not
};

// Efficiency grows with W at a fixed P, but measured efficiency is noisy, so
// the crossing used is the last one going up: the size above which every
// measured size keeps at least `target`.
ProblemSizeEstimate interpolate_problem_size(std::vector<SizeEfficiency> samples, double target);

struct IsoPoint {
  int workers = 0;
  ProblemSizeEstimate estimate;
};

struct IsoCurve {
  SeriesKey series;
  double target_efficiency = 0;
  std::vector<IsoPoint> points;  // one per measured P > 1, by P
  // As in EfficiencyCell: empty when the series pools several.
  std::string scheme;
  std::string machine;
};

// One curve per series and target, in series order then target order.
std::vector<IsoCurve> isoefficiency_curves(const EfficiencyTable& table,
                                           const std::vector<double>& targets);

}  // namespace stacksplit::analysis
