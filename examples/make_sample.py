#!/usr/bin/env python3
"""Generate examples/hello.json: our own small Lottie (Bodymovin JSON) animation.

512x512, 30 fps, 90 frames (ip 0, op 90), core features only: shape layers with groups, rect (rounded),
ellipse, path, polystar, fill, stroke (width, cap, join, miter, dashes) and group transforms; a null
layer parenting a child; eased, held and spatial (ti/to) keyframes; opacity animation; a layer with
in/out points so it appears mid-way.

usage: make_sample.py [--out FILE] [--check] [--validate] [--schema DIR]
  --check     exit 1 if FILE differs from what this script generates (keeps the two in sync)
  --validate  validate against the lottie-spec JSON schema (needs python3-jsonschema; the schema is
              looked up in <repo>/../shared/docs/lottie-spec/schema unless --schema is given)
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
W, H, FPS, OP = 512, 512, 30, 90


# ---------------------------------------------------------------- property helpers
def static(v):
    return {"a": 0, "k": v}


def ease(ox, oy, ix, iy, dims=1):
    """Keyframe easing handles: "o" leaves this keyframe, "i" enters the next one."""
    return {"o": {"x": [ox] * dims, "y": [oy] * dims}, "i": {"x": [ix] * dims, "y": [iy] * dims}}


# Cubic ease-in-out (CSS "ease-in-out" is 0.42,0 / 0.58,1; a little stronger here) and linear.
EASE_IN_OUT = (0.65, 0.0, 0.35, 1.0)
EASE_OUT = (0.2, 0.8, 0.4, 1.0)
LINEAR = (0.0, 0.0, 1.0, 1.0)


def kf(t, s, easing=None, dims=1, hold=False, **extra):
    """Modern keyframe {"t","s",...}; the last keyframe of a property carries only t and s."""
    k = {"t": t, "s": s if isinstance(s, list) else [s]}
    if hold:
        k["h"] = 1
    elif easing is not None:
        k.update(ease(*easing, dims=dims))
    k.update(extra)
    return k


def animated(*keyframes):
    return {"a": 1, "k": list(keyframes)}


def rgba(hex_color, alpha=1.0):
    h = hex_color.lstrip("#")
    return [round(int(h[i:i + 2], 16) / 255, 4) for i in (0, 2, 4)] + [alpha]


def layer_transform(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100):
    """Layer "ks": tuples are static 2D values (a third component added: 0 for a/p, 100 for s)."""
    def prop(v, z):
        return v if isinstance(v, dict) else static(list(v) + [z] if isinstance(v, tuple) else v)

    return {"a": prop(a, 0), "p": prop(p, 0), "s": prop(s, 100), "r": prop(r, 0), "o": prop(o, 0)}


def group_transform(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100):
    def prop(v):
        return v if isinstance(v, dict) else static(list(v) if isinstance(v, tuple) else v)

    return {"ty": "tr", "nm": "Transform", "a": prop(a), "p": prop(p), "s": prop(s), "r": prop(r),
            "o": prop(o), "sk": static(0), "sa": static(0)}


def group(name, items, **tr):
    return {"ty": "gr", "nm": name, "it": items + [group_transform(**tr)]}


def fill(color, opacity=100):
    return {"ty": "fl", "nm": "Fill", "c": static(rgba(color)), "o": static(opacity), "r": 1}


def stroke(color, width, opacity=100, lc=2, lj=2, ml=4, dashes=None):
    st = {"ty": "st", "nm": "Stroke", "c": static(rgba(color)), "o": static(opacity), "w": static(width),
          "lc": lc, "lj": lj, "ml": ml}
    if dashes:
        st["d"] = dashes
    return st


def rect(size, radius=0, p=(0, 0)):
    return {"ty": "rc", "nm": "Rect", "d": 1, "p": static(list(p)), "s": static(list(size)), "r": static(radius)}


def ellipse(size, p=(0, 0)):
    return {"ty": "el", "nm": "Ellipse", "d": 1, "p": static(list(p)), "s": static(list(size))}


def shape_layer(ind, name, shapes, ip=0, op=OP, parent=None, **ks):
    layer = {"ddd": 0, "ind": ind, "ty": 4, "nm": name, "sr": 1, "ks": layer_transform(**ks), "ao": 0,
             "shapes": shapes, "ip": ip, "op": op, "st": 0, "bm": 0}
    if parent is not None:
        layer["parent"] = parent
    return layer


# ---------------------------------------------------------------- the animation
def build():
    c = (W / 2, H / 2)

    # Background: solid rect over the whole frame, a lighter disc and a faint orbit ring.
    background = shape_layer(20, "Background", [
        group("Orbit ring", [ellipse((280, 280)), stroke("#FFFFFF", 2, opacity=18)], p=c),
        group("Glow", [ellipse((380, 380)), fill("#262C55")], p=c),
        group("Backdrop", [rect((W, H)), fill("#1B1F3B")], p=c),
    ])

    # Null "Rig" at the centre spins once; the Satellite layer is its child, so it orbits.
    rig = {"ddd": 0, "ind": 10, "ty": 3, "nm": "Rig (null)", "sr": 1, "ao": 0, "ip": 0, "op": OP, "st": 0,
           "bm": 0, "ks": layer_transform(p=c, r=animated(kf(0, 0, LINEAR), kf(OP, -360)))}
    satellite = shape_layer(4, "Satellite", [
        group("Moon", [ellipse((26, 26)), fill("#A78BFA"), stroke("#FFFFFF", 3)], p=(0, -140)),
    ], parent=10)

    # Rounded square turning with cubic ease-in-out, two quarter-turn swings.
    square = shape_layer(3, "Rounded square", [
        # Items and groups listed first are drawn on top: the inset goes over the tile.
        group("Inset", [rect((64, 64), radius=12), fill("#FFB3B3")], r=45),
        group("Tile", [rect((150, 150), radius=30), stroke("#FFFFFF", 6, lj=2), fill("#FF6B6B")]),
    ], p=c, r=animated(kf(0, 0, EASE_IN_OUT), kf(40, 90, EASE_IN_OUT), kf(85, 180)))

    # Star: pops in, settles, is held (h: 1) at 100% until frame 50, then jumps to 140% and eases back.
    star = shape_layer(1, "Star", [
        group("Star", [
            {"ty": "sr", "nm": "Polystar", "sy": 1, "d": 1, "p": static([0, 0]), "r": static(0),
             "pt": static(5), "or": static(46), "os": static(0), "ir": static(20), "is": static(0)},
            stroke("#E8900C", 4, lc=1, lj=1, ml=4),
            fill("#FFD93D"),
        ]),
    ], p=(408, 104), s=animated(
        kf(0, [0, 0, 100], EASE_OUT, dims=3),
        kf(12, [120, 120, 100], EASE_IN_OUT, dims=3),
        kf(18, [100, 100, 100], hold=True),
        kf(50, [140, 140, 100], EASE_IN_OUT, dims=3),
        kf(62, [100, 100, 100]),
    ))

    # Ball hopping left to right along two arcs: spatial tangents "to" (from this keyframe's value)
    # and "ti" (into the next keyframe's value) bend the straight segments into curves.
    hop = dict(to=[40, -150, 0], ti=[-40, -150, 0])
    ball = shape_layer(2, "Ball", [
        group("Ball", [ellipse((36, 36)), fill("#4ECDC4"), stroke("#1B1F3B", 3)]),
    ], p=animated(
        kf(0, [80, 428, 0], EASE_IN_OUT, **hop),
        kf(35, [256, 428, 0], EASE_IN_OUT, **hop),
        kf(70, [432, 428, 0]),
    ))

    # Wavy dashed line along the bottom; the dash offset animates so the dashes march.
    y = 476
    # Vertices on the baseline, tangents opposite at each vertex (smooth), alternating up/down humps.
    wave_path = {"c": False,
                 "v": [[40, y], [184, y], [328, y], [472, y]],
                 "i": [[0, 0], [-48, -28], [-48, 28], [-48, -28]],
                 "o": [[48, -28], [48, 28], [48, -28], [0, 0]]}
    dashes = [
        {"n": "d", "nm": "dash", "v": static(18)},
        {"n": "g", "nm": "gap", "v": static(12)},
        {"n": "o", "nm": "offset", "v": animated(kf(0, 0, LINEAR), kf(OP, -90))},
    ]
    wave = shape_layer(6, "Dashed wave", [
        group("Wave", [{"ty": "sh", "nm": "Path", "d": 1, "ks": static(wave_path)},
                       stroke("#F7F7F7", 5, opacity=70, lc=2, lj=2, ml=4, dashes=dashes)]),
    ])

    # Sparkles exist only from frame 30 (ip) to the end, fading in and, at the end, out again.
    sparkles = shape_layer(5, "Sparkles", [
        group("Dot A", [ellipse((24, 24)), fill("#FFD93D")], p=(-38, 20)),
        group("Dot B", [ellipse((16, 16)), fill("#4ECDC4")], p=(30, -30)),
        group("Dot C", [rect((18, 18), radius=4), fill("#FF6B6B")], p=(22, 36), r=30),
        group("Dot D", [ellipse((10, 10)), fill("#A78BFA")], p=(-8, -44)),
    ], ip=30, op=OP, p=(96, 100), o=animated(
        kf(30, 0, EASE_OUT), kf(42, 100, LINEAR), kf(76, 100, EASE_IN_OUT), kf(89, 0)),
        r=animated(kf(30, -20, EASE_OUT), kf(60, 25)))

    return {
        "v": "5.7.0", "nm": "hello", "fr": FPS, "ip": 0, "op": OP, "w": W, "h": H, "ddd": 0, "assets": [],
        # First layer is drawn on top.
        "layers": [sparkles, star, satellite, ball, square, wave, rig, background],
    }


def dumps(doc):
    return json.dumps(doc, indent=1) + "\n"


def _ty_consts(node):
    """Every `"ty": {"const": X}` in a schema definition."""
    found = []
    if isinstance(node, dict):
        ty = node.get("properties", {}).get("ty")
        if isinstance(ty, dict) and "const" in ty:
            found.append(ty["const"])
        for v in node.values():
            found += _ty_consts(v)
    elif isinstance(node, list):
        for v in node:
            found += _ty_consts(v)
    return found


def validate(doc, schema_dir):
    try:
        import jsonschema
    except ImportError:
        print("error: --validate needs jsonschema (apt-get install python3-jsonschema)", file=sys.stderr)
        return 1
    # The spec ships one file per definition, referenced as #/$defs/<folder>/<name>: assemble them.
    defs = {}
    for folder in sorted(os.listdir(schema_dir)):
        sub = os.path.join(schema_dir, folder)
        if os.path.isdir(sub):
            defs[folder] = {}
            for name in sorted(os.listdir(sub)):
                if name.endswith(".json"):
                    with open(os.path.join(sub, name)) as f:
                        defs[folder][name[:-5]] = json.load(f)
    # The spec's build fills the "unknown type" lists from the known types; without that every layer
    # and shape would match both its own schema and the unknown one, failing their oneOf.
    for folder, catalogue, unknown in (("layers", "all-layers", "unknown-layer"),
                                       ("shapes", "all-graphic-elements", "unknown-shape")):
        known = []
        for ref in defs[folder][catalogue]["oneOf"]:
            name = ref["$ref"].rsplit("/", 1)[1]
            if name != unknown:
                known += _ty_consts(defs[folder][name])
        defs[folder][unknown]["properties"]["ty"]["not"]["enum"] = known
    with open(os.path.join(schema_dir, "root.json")) as f:
        root = json.load(f)
    root["$defs"] = defs
    errors = sorted(jsonschema.Draft202012Validator(root).iter_errors(doc), key=lambda e: list(e.path))
    for e in errors[:20]:
        e = jsonschema.exceptions.best_match([e])  # descend into oneOf/allOf to the likely culprit
        print(f"schema: $.{'.'.join(map(str, e.absolute_path))}: {e.message[:200]}", file=sys.stderr)
    print(f"schema: {len(errors)} error(s)", file=sys.stderr)
    return 1 if errors else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "hello.json"))
    ap.add_argument("--check", action="store_true", help="exit 1 if --out differs from the generated JSON")
    ap.add_argument("--validate", action="store_true", help="validate against the lottie-spec schema")
    ap.add_argument("--schema", default=os.path.join(HERE, "..", "..", "shared", "docs", "lottie-spec", "schema"))
    a = ap.parse_args()
    text = dumps(build())
    rc = 0
    if a.check:
        try:
            with open(a.out) as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            print(f"{a.out} is out of date: run {os.path.relpath(__file__)}", file=sys.stderr)
            rc = 1
    else:
        with open(a.out, "w") as f:
            f.write(text)
        print(f"wrote {a.out} ({len(text)} bytes)", file=sys.stderr)
    if a.validate:
        rc = validate(json.loads(text), a.schema) or rc
    return rc


if __name__ == "__main__":
    sys.exit(main())
