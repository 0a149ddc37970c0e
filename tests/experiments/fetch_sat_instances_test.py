#!/usr/bin/env python3
"""experiments/fetch_sat_instances on a made-up repository: a set is written
and checked; a missing repository, a missing file and a file whose SHA-1
differs each fail with a line naming it; sat_realworld_benchmark --set runs
only a complete, unchanged set."""

import hashlib
import lzma
import os
import subprocess
import sys
import tempfile
import unittest

EXPERIMENTS = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..", "..", "experiments")
FETCH = os.path.join(EXPERIMENTS, "fetch_sat_instances")
BENCHMARK = os.path.join(EXPERIMENTS, "sat_realworld_benchmark")
SAT = b"p cnf 2 2\n1 2 0\n-1 0\n"
UNSAT = b"p cnf 1 2\n1 0\n-1 0\n"


def git(folder, *args):
    return subprocess.run(["git", "-C", folder, *args], check=True, capture_output=True,
                          text=True, env={**os.environ, "GIT_AUTHOR_NAME": "t",
                                          "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                                          "GIT_COMMITTER_EMAIL": "t@t"}).stdout.strip()


class FetchSatInstances(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = self.dir.name
        self.repos = os.path.join(self.root, "repos")
        repo = os.path.join(self.repos, "someone+cnfs")
        os.makedirs(os.path.join(repo, "sets"))
        git(repo, "init", "-q")
        with open(os.path.join(repo, "sets", "a.cnf"), "wb") as f:
            f.write(SAT)
        with open(os.path.join(repo, "sets", "b.cnf.xz"), "wb") as f:
            f.write(lzma.compress(UNSAT))
        git(repo, "add", ".")
        git(repo, "commit", "-q", "-m", "cnfs")
        self.commit = git(repo, "rev-parse", "HEAD")
        self.out = os.path.join(self.root, "out")

    def tearDown(self):
        self.dir.cleanup()

    def manifest(self, lines):
        path = os.path.join(self.root, "set.txt")
        with open(path, "w") as f:
            f.write("# a made-up set\n" + "\n".join(lines) + "\n")
        return path

    def line(self, name, path, content, answer="SAT", repo="someone/cnfs", commit=None):
        return (f"{name} fam {answer} {hashlib.sha1(content).hexdigest()} {repo} "
                f"{commit or self.commit} {path} made up, for the test")

    def fetch(self, manifest):
        return subprocess.run([sys.executable, FETCH, "--manifest", manifest, "--repos",
                               self.repos, "--out", self.out], capture_output=True, text=True)

    def test_a_set_is_written_and_checked(self):
        done = self.fetch(self.manifest([self.line("a", "sets/a.cnf", SAT),
                                         self.line("b", "sets/b.cnf.xz", UNSAT, "UNSAT")]))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("2 of 2 instances", done.stdout)
        with open(os.path.join(self.out, "a.cnf"), "rb") as f:
            self.assertEqual(f.read(), SAT)
        with open(os.path.join(self.out, "b.cnf.xz"), "rb") as f:
            self.assertEqual(lzma.decompress(f.read()), UNSAT)

    def test_a_file_that_differs_fails_and_is_removed(self):
        done = self.fetch(self.manifest([self.line("a", "sets/a.cnf", UNSAT),
                                         self.line("b", "sets/b.cnf.xz", UNSAT, "UNSAT")]))
        self.assertEqual(done.returncode, 1)
        self.assertIn("a: SHA-1", done.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.out, "a.cnf")))
        self.assertTrue(os.path.exists(os.path.join(self.out, "b.cnf.xz")))

    def test_a_missing_file_or_commit_fails(self):
        done = self.fetch(self.manifest([self.line("a", "sets/gone.cnf", SAT),
                                         self.line("b", "sets/b.cnf.xz", UNSAT, "UNSAT",
                                                   commit="1" * 40)]))
        self.assertEqual(done.returncode, 1)
        self.assertIn("a: someone/cnfs has no sets/gone.cnf", done.stderr)
        self.assertIn("b: someone/cnfs has no sets/b.cnf.xz at 111111111111", done.stderr)

    def test_a_missing_repository_fails_with_the_clone_command(self):
        done = self.fetch(self.manifest([self.line("a", "x.cnf", SAT, repo="other/place")]))
        self.assertEqual(done.returncode, 1)
        self.assertIn("other/place: no git copy", done.stderr)
        self.assertIn("git clone https://github.com/other/place", done.stderr)

    def test_a_malformed_manifest_is_refused(self):
        for bad, what in (("a fam SAT", "columns"), (self.line("a", "a.txt", SAT), "does not end"),
                          (self.line("a", "sets/a.cnf", SAT, answer="MAYBE"), "neither SAT"),
                          (self.line("a", "sets/a.cnf", SAT, commit="abc"), "full commit")):
            done = self.fetch(self.manifest([bad]))
            self.assertEqual(done.returncode, 2, bad)
            self.assertIn("set.txt:2:", done.stderr)
            self.assertIn(what, done.stderr)
        done = self.fetch(self.manifest([self.line("a", "sets/a.cnf", SAT)] * 2))
        self.assertEqual(done.returncode, 2)
        self.assertIn("listed already", done.stderr)

    def test_the_sets_here_are_well_formed(self):
        for name in ("tuning", "validation", "satlib"):
            done = subprocess.run([sys.executable, FETCH, "--set", name, "--list-repos"],
                                  capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn("https://github.com/", done.stdout)

    def test_the_benchmark_runs_a_complete_set_only(self):
        sets = os.path.join(EXPERIMENTS, "sat_instances")
        with open(os.path.join(sets, "tuning.txt")) as f:
            first = next(line.split() for line in f if line.strip() and line[0] != "#")
        os.makedirs(self.out)
        with open(os.path.join(self.out, first[0] + ".cnf"), "wb") as f:
            f.write(SAT)
        done = subprocess.run([sys.executable, BENCHMARK, "--set", "tuning", "--instances",
                               self.out, "--solvers", "cadical"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn("of set tuning missing", done.stderr)


if __name__ == "__main__":
    unittest.main()
