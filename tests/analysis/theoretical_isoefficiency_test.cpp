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
    EXPECT_EQ(find_theoretical_isoefficiency(
                  entry.scheme, entry.architecture == Architecture::kHypercube ? "hypercube"
                                : entry.architecture == Architecture::kMesh    ? "mesh"
                                                                               : "now"),
              &entry);
  }
}

TEST(TheoreticalIsoefficiency, LooksUpBySchemeAndMachine) {
  const auto* grr = find_theoretical_isoefficiency("GRR", "ncube2");
  ASSERT_NE(grr, nullptr);
  EXPECT_EQ(grr->formula, "O(P^2 log P)");
  ASSERT_TRUE(grr->bound.has_value());
  EXPECT_EQ(*grr->bound, (Hypothesis{{2, 1}, 1}));
  const auto* grr_m = find_theoretical_isoefficiency("grr-m", "hypercube");
  ASSERT_NE(grr_m, nullptr);
  EXPECT_EQ(*grr_m->bound, (Hypothesis{{1, 1}, 2}));
  // Random polling on the hypercube is O(P log^3 P): a bound, although log^3
  // is outside the fitted forms.
  const auto* rp = find_theoretical_isoefficiency("rp", "ncube2");
  ASSERT_NE(rp, nullptr);
  EXPECT_EQ(*rp->bound, (Hypothesis{{1, 1}, 3}));
  // NN's exponent depends on alpha: no bound to judge against.
  const auto* nn = find_theoretical_isoefficiency("nn", "ncube2");
  ASSERT_NE(nn, nullptr);
  EXPECT_FALSE(nn->bound.has_value());
  EXPECT_EQ(find_theoretical_isoefficiency("rp", "none"), nullptr);
  EXPECT_EQ(find_theoretical_isoefficiency("sl", "ncube2"), nullptr);
}

// Issue 14, item 11: the forms are O() upper bounds, so slower growth is
// within them, whatever its exact exponents.
TEST(BoundVerdict, SlowerOrEqualIsWithinFasterIsNot) {
  const Hypothesis p2_log{{2, 1}, 1};
  EXPECT_EQ(judge_against_bound(Hypothesis{{7, 4}, 2}, p2_log), BoundVerdict::kWithinBound);
  EXPECT_EQ(judge_against_bound(p2_log, p2_log), BoundVerdict::kWithinBound);
  EXPECT_EQ(judge_against_bound(Hypothesis{{2, 1}, 0}, p2_log), BoundVerdict::kWithinBound);
  EXPECT_EQ(judge_against_bound(Hypothesis{}, p2_log), BoundVerdict::kWithinBound);
  EXPECT_EQ(judge_against_bound(Hypothesis{{2, 1}, 2}, p2_log), BoundVerdict::kFasterThanBound);
  EXPECT_EQ(judge_against_bound(Hypothesis{{9, 4}, 0}, p2_log), BoundVerdict::kFasterThanBound);
  // 4/3 against 5/4: compared as fractions, not as rounded doubles.
  EXPECT_EQ(judge_against_bound(Hypothesis{{4, 3}, 0}, Hypothesis{{5, 4}, 2}),
            BoundVerdict::kFasterThanBound);
  // RP's P log^2 P under its P log^3 P bound.
  EXPECT_EQ(judge_against_bound(Hypothesis{{1, 1}, 2}, Hypothesis{{1, 1}, 3}),
            BoundVerdict::kWithinBound);
}

TEST(BoundVerdict, SaysWhichInWordsWithTheGrowthOverTheFittedP) {
  // From P = 16 to 256: P^(7/4)*log2(P)^2 grows 16^(7/4) * (8/4)^2 = 128 * 4
  // = 512x, P^2*log2(P) grows 256 * 2 = 512x.
  EXPECT_EQ(describe_verdict(BoundVerdict::kWithinBound, Hypothesis{{7, 4}, 2},
                             Hypothesis{{2, 1}, 1}, 16, 256),
            "within the bound: the fitted P^(7/4)*log2(P)^2 grows more slowly than P^2*log2(P) "
            "(P = 16 to 256: 512x against 512x)");
  // P^(5/4)*log2(P) outgrows P*log2(P)^3 in the end, but from 32 to 1024 it
  // grows 32^(5/4) * 2 = 152x, the bound 32 * 8 = 256x.
  EXPECT_EQ(describe_verdict(BoundVerdict::kFasterThanBound, Hypothesis{{5, 4}, 1},
                             Hypothesis{{1, 1}, 3}, 32, 1024),
            "grows faster than the bound: the fitted P^(5/4)*log2(P) outgrows P*log2(P)^3 "
            "(P = 32 to 1024: 152x against 256x)");
  EXPECT_EQ(describe_verdict(BoundVerdict::kWithinBound, Hypothesis{{2, 1}, 1},
                             Hypothesis{{2, 1}, 1}, 2, 64),
            "within the bound: the fitted form is the bound's own, P^2*log2(P)");
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
