#!/usr/bin/env python3
"""Runs the argument-mistakes corpus through pydantic in its default (lax) mode.

For each case it builds a model from the case's JSON Schema (integer -> int,
number -> float, boolean -> bool, string -> str, enum -> Literal, array ->
List, minimum and maximum -> conint/confloat bounds, object with properties -> a nested model, other objects -> Dict[str,
Any], nullable -> Optional; a required property is required, an optional one
defaults to None; unknown keys are ignored, pydantic's default), validates the
arguments as sent, and prints what it accepted (dumped by alias, without None
values, so that null and absent read alike) or why it refused them.

Usage: pydantic_lax.py CASES.json > results.json

It runs with pydantic 1 (Debian's python3-pydantic) and pydantic 2; the
output records the version. bench/mistakes reads the committed output and
TestPydanticResults regenerates it where a matching pydantic is installed.
"""

import json
import math
import sys
from typing import Any, Dict, List, Optional

import pydantic

try:
    from typing import Literal
except ImportError:  # Python < 3.8
    from typing_extensions import Literal

V2 = pydantic.VERSION.startswith("2")


def split_nullable(s):
    """Returns (the schema without its null alternative, whether null is allowed)."""
    if "anyOf" in s:
        branches = [b for b in s["anyOf"] if b.get("type") != "null"]
        nullable = len(branches) < len(s["anyOf"])
        if len(branches) != 1:
            raise ValueError("unsupported anyOf: %r" % s)
        return branches[0], nullable
    t = s.get("type")
    if isinstance(t, list):
        rest = [x for x in t if x != "null"]
        if len(rest) != 1:
            raise ValueError("unsupported type list: %r" % t)
        return dict(s, type=rest[0]), "null" in t
    return s, False


def py_type(s, name):
    s, nullable = split_nullable(s)
    if "enum" in s:
        typ = Literal[tuple(s["enum"])]
    else:
        t = s.get("type")
        bounds = {k: s[j] for j, k in (("minimum", "ge"), ("maximum", "le")) if j in s}
        if t == "integer":
            typ = pydantic.conint(**bounds) if bounds else int
        elif t == "number":
            typ = pydantic.confloat(**bounds) if bounds else float
        elif t == "boolean":
            typ = bool
        elif t == "string":
            typ = str
        elif t == "array":
            typ = List[py_type(s["items"], name + "Item")] if "items" in s else List[Any]
        elif t == "object" and s.get("properties"):
            typ = model(s, name)
        elif t == "object":
            typ = Dict[str, Any]
        else:
            typ = Any
    return Optional[typ] if nullable else typ


def model(s, name):
    required = set(s.get("required", []))
    fields = {}
    for i, (key, sub) in enumerate(s.get("properties", {}).items()):
        typ = py_type(sub, name + "_" + str(i))
        default = ... if key in required else None
        # field names f0, f1, ... with the key as alias: keys such as
        # "fields" or "schema" would shadow BaseModel attributes
        fields["f%d" % i] = (typ, pydantic.Field(default, alias=key))
    extra = "forbid" if s.get("additionalProperties") is False else "ignore"
    if V2:
        config = pydantic.ConfigDict(extra=extra)
        return pydantic.create_model(name, __config__=config, **fields)

    class Config:
        pass

    Config.extra = extra
    return pydantic.create_model(name, __config__=Config, **fields)


def plain(v):
    """Non-finite floats have no JSON spelling: they become strings."""
    if isinstance(v, float) and not math.isfinite(v):
        return "%r (not finite)" % v
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


def run(case):
    m = model(case["schema"], "M")
    try:
        if V2:
            value = m.model_validate(case["args"]).model_dump(by_alias=True, exclude_none=True)
        else:
            value = m.parse_obj(case["args"]).dict(by_alias=True, exclude_none=True)
    except (pydantic.ValidationError, TypeError, ValueError) as e:
        first = str(e).splitlines()
        return {"ok": False, "error": " ".join(x.strip() for x in first[:3])}
    return {"ok": True, "value": plain(value)}


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        cases = json.load(f)
    out = {
        "pydantic": pydantic.VERSION if isinstance(pydantic.VERSION, str) else str(pydantic.VERSION),
        "results": {c["id"]: run(c) for c in cases},
    }
    json.dump(out, sys.stdout, indent=1, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
