#pragma once
// Linear least squares min ||A·x − b|| by Householder QR, for the small dense
// systems of the network characterization (a few coefficients, tens to
// hundreds of measurements). QR rather than the normal equations: a basis of
// P^a·m^b spans many orders of magnitude, and forming AᵀA would square its
// condition number.

#include <vector>

namespace stacksplit::schemes::loop::cost_model {

// Row-major: rows[i] is one measurement's basis values, all of one length.
struct LeastSquaresProblem {
  std::vector<std::vector<double>> rows;
  std::vector<double> values;
};

// The coefficients; throws std::invalid_argument when the rows do not
// determine them (fewer independent rows than columns), naming the column
// that is not determined.
std::vector<double> solve_least_squares(const LeastSquaresProblem& problem);

}  // namespace stacksplit::schemes::loop::cost_model
