"""A prior's weights tried one at a time: each variant (the prior's module loaded afresh with
some of its constants changed) duels the prior itself on the same shuffles (``bench/duel.py``
with ``--against``: zero wherever the two agree), so a weight's effect is read without the
noise of the deals it does not change.

    nice -n 19 .venv/bin/python -m bench.tune paohuzi ai.policies.paohuzi_prior:prior \\
        --shuffles 1000 --seed 1101 PAIR=2.0 PAIR=3.4 'PAIR=2.0,PASSED=2.0'

Each argument is one variant (``NAME=value`` pairs joined by commas, values as Python
literals); one line a variant. A sweep picks what was lucky on its seed as well as what is
better: confirm a pick on seeds fixed after the sweep.
"""
from __future__ import annotations

import argparse
import ast
import importlib
import importlib.util
import itertools
import sys
import time
from types import ModuleType

from ai.policies import Policy
from bench.duel import final, load


def variant(spec: str, overrides: dict[str, object]) -> Policy:
    """The policy ``spec`` (module:function) from a fresh copy of its module whose constants
    ``overrides`` replaces; the module itself is left as it was, so the two can duel."""
    name, _, function = spec.partition(":")
    original = importlib.import_module(name)
    for key in overrides:
        if not hasattr(original, key):
            raise SystemExit(f"{name} has no {key}")
    s = importlib.util.spec_from_file_location(f"{name}__variant{next(_serial)}", original.__file__)
    assert s is not None and s.loader is not None
    module: ModuleType = importlib.util.module_from_spec(s)
    module.__package__ = original.__package__
    sys.modules[s.name] = module  # as an import would: dataclasses and pickling look it up
    s.loader.exec_module(module)
    vars(module).update(overrides)
    return getattr(module, function)


_serial = itertools.count()
"""Each copy's own module name (sys.modules keeps the copy)."""


def parse(arg: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for part in arg.split(","):
        key, _, value = part.partition("=")
        out[key.strip()] = ast.literal_eval(value.strip())
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("policy", help="module:function, e.g. ai.policies.paohuzi_prior:prior")
    p.add_argument("variants", nargs="+", help="NAME=value[,NAME=value...], one variant each")
    p.add_argument("--shuffles", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    sys.path.insert(0, ".")
    control = load(a.policy)
    # every copy made now, from the source as it is when the run starts
    policies = [(arg, variant(a.policy, parse(arg))) for arg in a.variants]
    for arg, policy in policies:
        t0 = time.time()
        out = final(a.game, policy, control, a.shuffles, a.seed)
        m, h = out.interval()
        changed = sum(1 for g in out.gains if g)
        x = out.stats["x"].summary()
        print(f"{arg}: {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}] a deal over {a.shuffles} shuffles "
              f"(seed {a.seed}, {changed} changed), win {100 * x['win_rate']:.1f}% (prior "
              f"{100 * out.control['y'].summary()['win_rate']:.1f}%), illegal "
              f"{x['illegal_actions']}, {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
