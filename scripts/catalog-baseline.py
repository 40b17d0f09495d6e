#!/usr/bin/env python3
"""The plain-Python equivalents of `catalog check` and `catalog diff` that `bench catalog` times ours
against (issue 21, item 6): the same files read strictly (a duplicate key is refused), each record
keyed as ours keys it, the obvious rules checked or every field compared, one line printed per
finding. Python's json module is C; what is Python here is the loop over records.

  catalog-baseline.py check FOLDER
  catalog-baseline.py diff OLD_FOLDER NEW_FOLDER
"""
import json
import os
import sys


def strict(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError(f"duplicate key {k!r}")
        d[k] = v
    return d


def load(path):
    with open(path, "rb") as f:
        return json.loads(f.read(), object_pairs_hook=strict)


def records(c):
    """(key, record) in file order: (series, id) for the issue shape, id for PopBoks and Stripovi."""
    if "comics" in c:
        return [(str(r["id"]), r) for r in c["comics"]]
    if "magazine" in c:
        return [(str(r["id"]), r) for r in c["issues"]]
    return [(f"{r['series']}\x1f{r['id']}", r) for r in c["issues"]]


def catalogues(folder):
    return sorted(n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith("."))


def check(folder):
    bad = 0
    for name in catalogues(folder):
        c = load(os.path.join(folder, name))
        keys, numbers, findings = set(), {}, []
        for k, r in records(c):
            if k in keys:
                findings.append(f"duplicate id {k}")
            keys.add(k)
            if not r.get("title"):
                findings.append(f"{k}: no title")
            if "number" in r and "series" in r:
                expected = numbers.get(r["series"], 0) + 1
                if r["number"] != expected and "magazine" not in c:
                    findings.append(f"{k}: number {r['number']}, expected {expected}")
                numbers[r["series"]] = r["number"]
        bad += bool(findings)
        print(f"{name}\t{len(keys)}\t{'ok' if not findings else len(findings)}")
        for f in findings:
            print(f"  {f}")
    return 1 if bad else 0


def diff(old_folder, new_folder):
    differs = False
    for name in sorted(set(catalogues(old_folder)) | set(catalogues(new_folder))):
        old_path, new_path = os.path.join(old_folder, name), os.path.join(new_folder, name)
        if not (os.path.exists(old_path) and os.path.exists(new_path)):
            print(f"only in one: {name}")
            differs = True
            continue
        a, b = load(old_path), load(new_path)
        old, new = dict(records(a)), records(b)
        seen = set()
        for k, r in new:
            seen.add(k)
            o = old.get(k)
            if o is None:
                print(f"{name}: + {k} {r.get('title')}")
                differs = True
            elif o != r:
                for field in sorted(set(o) | set(r)):
                    if o.get(field) != r.get(field):
                        print(f"{name}: ~ {k} {field}: {o.get(field)!r} -> {r.get(field)!r}")
                differs = True
        for k, r in old.items():
            if k not in seen:
                print(f"{name}: - {k} {r.get('title')}")
                differs = True
        for field in sorted((set(a) | set(b)) - {"issues", "comics", "series"}):
            if a.get(field) != b.get(field):
                print(f"{name}: {field}: {a.get(field)!r} -> {b.get(field)!r}")
                differs = True
    return 1 if differs else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2]))
    if len(sys.argv) == 4 and sys.argv[1] == "diff":
        sys.exit(diff(sys.argv[2], sys.argv[3]))
    print(__doc__.strip(), file=sys.stderr)
    sys.exit(64)
