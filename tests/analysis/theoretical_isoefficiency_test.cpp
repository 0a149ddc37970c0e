#include "analysis/theoretical_isoefficiency.hpp"

#include <gtest/gtest.h>

namespace stacksplit::analysis {
namespace {

TEST(TheoreticalIsoefficiency, MachineModelsMapToArchitectures) {
  EXPECT_EQ(architecture_of_machine("ncube2"), Architecture::kHypercube);
  EXPECT_EQ(architecture_of_machine("hypercube"), Architecture::kHypercube);
  EXPECT_EQ(architecture_of_machine("mesh"), Architecture::kMesh);
  EXPECT_EQ(architecture_of_machine("now"), Architecture::kWorkstationNetwork);
  EXPECT_FALSE(architecture_of_machine("none").has_value());
}

TEST(TheoreticalIsoefficiency, EveryEntryHasAFormulaAndASource) {
  ASSERT_FALSE(theoretical_isoefficiency_table().empty());
  for (const TheoreticalIsoefficiency& entry : theoretical_isoefficiency_table()) {
    EXPECT_FALSE(entry.formula.empty()) << entry.scheme;
    EXPECT_NE(entry.source.find("KGR94"), std::string_view::npos) << entry.scheme;
    EXPECT_EQ(find_theoretical_isoefficiency(entry.scheme, entry.architecture ==
                                                                   Architecture::kHypercube
                                                               ? "hypercube"
                                                           : entry.architecture == Architecture::kMesh
                                                               ? "mesh"
                                                               : "now"),
              &entry);
  }
}

TEST(TheoreticalIsoefficiency, LooksUpBySchemeAndMachine) {
  const auto* grr = find_theoretical_isoefficiency("GRR", "ncube2");
  ASSERT_NE(grr, nullptr);
  EXPECT_EQ(grr->formula, "O(P^2 log P)");
  ASSERT_TRUE(grr->form.has_value());
  EXPECT_EQ(*grr->form, (Hypothesis{{2, 1}, 1}));
  const auto* grr_m = find_theoretical_isoefficiency("grr-m", "hypercube");
  ASSERT_NE(grr_m, nullptr);
  EXPECT_EQ(*grr_m->form, (Hypothesis{{1, 1}, 2}));
  // Random polling on the hypercube is O(P log^3 P): outside the fitted forms.
  const auto* rp = find_theoretical_isoefficiency("rp", "ncube2");
  ASSERT_NE(rp, nullptr);
  EXPECT_FALSE(rp->form.has_value());
  EXPECT_EQ(find_theoretical_isoefficiency("rp", "none"), nullptr);
  EXPECT_EQ(find_theoretical_isoefficiency("sl", "ncube2"), nullptr);
}

TEST(TheoreticalIsoefficiency, DescriptionSaysNotGivenRatherThanGuessing) {
  EXPECT_EQ(describe_theoretical_isoefficiency("sb", "ncube2"), "not given for sb on a hypercube");
  EXPECT_EQ(describe_theoretical_isoefficiency("rp", "none"), "not given for machine \"none\"");
  EXPECT_EQ(describe_theoretical_isoefficiency("", "ncube2"),
            "n/a: the series pools several schemes");
  EXPECT_NE(describe_theoretical_isoefficiency("grr", "now").find("O(P^2 log P)"),
            std::string::npos);
}

}  // namespace
}  // namespace stacksplit::analysis
