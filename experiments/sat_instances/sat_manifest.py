"""The manifests of the SAT instance sets (experiments/sat_instances/NAME.txt),
read by experiments/fetch_sat_instances and experiments/sat_realworld_benchmark.

A manifest line names one instance and where it came from, in whitespace-
separated columns, the rest of the line being a free note:

  NAME FAMILY ANSWER SHA1 REPOSITORY COMMIT PATH [NOTE ...]

NAME is the instance name the benchmark shows (the file is NAME plus the
suffix of PATH: .cnf, .cnf.xz, .cnf.gz or .cnf.bz2); FAMILY a short tag, one
per family (the sets of one study share none); ANSWER SAT or UNSAT (what
CaDiCaL answered when the set was chosen); SHA1 the SHA-1 of the
decompressed CNF file; REPOSITORY owner/name of a public GitHub repository;
COMMIT the full commit hash that holds PATH. Blank lines and lines starting
with # are comments.
"""

import bz2
import gzip
import hashlib
import lzma
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SUFFIXES = {".cnf": None, ".cnf.gz": gzip.open, ".cnf.bz2": bz2.open, ".cnf.xz": lzma.open}
FIELDS = ["name", "family", "answer", "sha1", "repo", "commit", "path"]


class ManifestError(Exception):
    """A manifest that cannot be read: one line naming FILE:LINE."""


def set_names():
    """The names of the sets that have a manifest here."""
    return sorted(f[:-4] for f in os.listdir(HERE) if f.endswith(".txt"))


def manifest_path(set_name):
    path = os.path.join(HERE, set_name + ".txt")
    if not os.path.isfile(path):
        raise ManifestError(f"unknown set {set_name!r}; known: {', '.join(set_names())}")
    return path


def cnf_suffix(path):
    """The CNF suffix path ends with (longest first), or None."""
    lower = path.lower()
    for suffix in sorted(SUFFIXES, key=len, reverse=True):
        if lower.endswith(suffix):
            return suffix
    return None


def read_manifest(path):
    """[{name, family, answer, sha1, repo, commit, path, note, line}] of a
    manifest file; a malformed line or a name seen twice is a ManifestError."""
    entries, seen = [], {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            fields = stripped.split(None, len(FIELDS))
            where = f"{path}:{number}"
            if len(fields) < len(FIELDS):
                raise ManifestError(f"{where}: {len(fields)} columns, expected at least "
                                    f"{len(FIELDS)} ({' '.join(FIELDS)})")
            entry = dict(zip(FIELDS, fields))
            entry["note"] = fields[len(FIELDS)] if len(fields) > len(FIELDS) else ""
            entry["line"] = where
            if entry["answer"] not in ("SAT", "UNSAT"):
                raise ManifestError(f"{where}: answer {entry['answer']!r} is neither SAT nor UNSAT")
            if not re.fullmatch(r"[0-9a-f]{40}", entry["sha1"]):
                raise ManifestError(f"{where}: {entry['sha1']!r} is not a SHA-1 (40 hex digits)")
            if not re.fullmatch(r"[0-9a-f]{40}", entry["commit"]):
                raise ManifestError(f"{where}: {entry['commit']!r} is not a full commit hash")
            if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", entry["repo"]):
                raise ManifestError(f"{where}: {entry['repo']!r} is not owner/name")
            if cnf_suffix(entry["path"]) is None:
                raise ManifestError(f"{where}: {entry['path']} does not end with one of "
                                    f"{', '.join(SUFFIXES)}")
            if entry["name"] in seen:
                raise ManifestError(f"{where}: {entry['name']} is listed already at "
                                    f"{seen[entry['name']]}")
            seen[entry["name"]] = where
            entries.append(entry)
    if not entries:
        raise ManifestError(f"{path}: no instances")
    return entries


def file_name(entry):
    """The file name of an entry's instance in a set's folder."""
    return entry["name"] + cnf_suffix(entry["path"])


def sha1_of_cnf(path):
    """SHA-1 of the decompressed content of a CNF file (by its suffix)."""
    opener = SUFFIXES.get(cnf_suffix(path)) or open
    digest = hashlib.sha1()
    with opener(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
