#!/usr/bin/env python3
"""Make the target seed (scripts/test.sh) hold exactly one build's third-party units.

    target-seed.py TARGET SEED < CARGO_JSON

CARGO_JSON is `cargo test --no-run --message-format json` of the build, every unit fresh: each
`compiler-artifact` and `build-script-executed` message of a package that is not a path of the
checkout (registry, sparse or git) names the unit's files, and a unit is known by the hash cargo
puts in every name it gives it (`deps/libX-H.rlib`, `build/X-H/out`, `.fingerprint/X-H`). Each
entry of TARGET's `.fingerprint`, `build` and `deps` that belongs to such a unit and is missing
from SEED is copied beside its final name and renamed into place (a run copying the seed at the
same time sees it whole or not at all); each entry of SEED that belongs to no such unit (a
dependency since upgraded, or one only a run of a few packages resolved) is removed.
"""
import json
import os
import re
import shutil
import sys

HASH = re.compile(r"-([0-9a-f]{16})(?=[./]|$)")


def unit_hash(path):
    """The last `-<16 hex digits>` of a path or name, or None."""
    found = HASH.findall(path)
    return found[-1] if found else None


def units(messages):
    hashes = set()
    for line in messages:
        try:
            m = json.loads(line)
        except ValueError:
            continue
        if m.get("package_id", "path+").startswith("path+"):
            continue
        if m.get("reason") == "compiler-artifact":
            paths = m.get("filenames", []) + ([m["executable"]] if m.get("executable") else [])
        elif m.get("reason") == "build-script-executed":
            paths = [m.get("out_dir", "")]
        else:
            continue
        hashes.update(h for h in map(unit_hash, paths) if h)
    return hashes


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            os.remove(path)
        except FileNotFoundError:
            pass


def main():
    target, seed = sys.argv[1], sys.argv[2]
    hashes = units(sys.stdin)
    if not hashes:
        return 0
    for d in (".fingerprint", "build", "deps"):
        mine, kept = os.path.join(target, d), os.path.join(seed, d)
        os.makedirs(kept, exist_ok=True)
        for name in os.listdir(mine) if os.path.isdir(mine) else []:
            if unit_hash(name) not in hashes or os.path.lexists(os.path.join(kept, name)):
                continue
            src, partial = os.path.join(mine, name), os.path.join(kept, f".partial-{os.getpid()}-{name}")
            if os.path.isdir(src) and not os.path.islink(src):
                shutil.copytree(src, partial, symlinks=True)
            else:
                shutil.copy2(src, partial, follow_symlinks=False)
            os.replace(partial, os.path.join(kept, name))
        for name in os.listdir(kept):
            if unit_hash(name) not in hashes and not name.startswith(".partial-"):
                remove(os.path.join(kept, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
