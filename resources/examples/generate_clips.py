#!/usr/bin/env python3
"""Adds the examples' animation clips, reproducibly (run from the repository's root):

    resources/examples/generate_clips.py build/app/cli/bonework-cli

- humanoid.rig.json "walk": a 1.2 s walk cycle in place (it loops), the legs driven by their chains' targets
  (each foot lifts in turn and sets down), the pelvis dipping as a foot lifts, the arms swinging
  against the legs, the spine swaying; Bezier ease-in-out between keys. Exports bake the legs.
- humanoid.rig.json "blink": 3 s of the head still, then a blink (it loops, an idle): the head's slot keyed to
  the head with its eyes closed (art/humanoid/head_blink.png, drawn by art/generate_art.py) for
  0.1 s (three frames at 30 fps), then back to its own image (image keys hold until the next key).
- ball-arm.rig.json "kick": the S4 ball kick, recorded (bonework-cli record, seed 4, 6 s).
- snake.rig.json "slither": the S8 snake steered around, recorded (seed 3, 8 s).

A written clip replaces the clip of its name where it stands (a new one goes last), so running
this again leaves the files as they are; a recorded clip already in its file is kept (recording
again with the same arguments would write the same keys).
"""
import json
import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
EASE = [0.42, 0, 0.58, 1]


def load(name):
    return json.loads((EXAMPLES / name).read_text())


def number(v):
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def text(v):
    return json.dumps(v, ensure_ascii=False)


def keys_text(keys):
    out = []
    for k in keys:
        fields = [f'"time": {number(k["time"])}']
        if "x" in k:
            fields += [f'"x": {number(k["x"])}', f'"y": {number(k["y"])}']
        else:
            v = k["value"]
            fields.append(f'"value": {text(v) if isinstance(v, (bool, str)) else number(v)}')
        if "curve" in k and k["curve"] != "linear":
            c = k["curve"]
            fields.append('"curve": ' + (text(c) if isinstance(c, str) else "[" + ", ".join(number(x) for x in c) + "]"))
        out.append("{" + ", ".join(fields) + "}")
    return "[" + ", ".join(out) + "]"


def clip_text(clip):
    """A clip as Bonework's rig writer lays it out (one track per line), so the examples read
    as files Bonework saved."""
    parts = [f'    {{"name": {text(clip["name"])}, "duration": {number(clip["duration"])}']
    if clip.get("loop"):
        parts.append(', "loop": true')
    for group in ("joints", "chains", "slots"):
        tracks = clip.get(group, {})
        if not tracks:
            continue
        lines = []
        for name in sorted(tracks):
            channels = ", ".join(f'"{ch}": {keys_text(ks)}' for ch, ks in tracks[name].items() if ks)
            lines.append(f"      {text(name)}: {{{channels}}}")
        parts.append(f', "{group}": {{\n' + ",\n".join(lines) + "\n    }")
    return "".join(parts) + "}"


def add_clip_in_writer_layout(name, clip):
    """Replaces the clip of `clip`'s name where it stands, or appends `clip`, leaving every other
    byte as it is."""
    path = EXAMPLES / name
    rig = json.loads(path.read_text())
    existing = rig.get("animations", [])
    others = [clip if a["name"] == clip["name"] else a for a in existing]
    if not any(a["name"] == clip["name"] for a in existing):
        others.append(clip)
    source = path.read_text()
    cut = source.find(',\n  "animations": [')
    body = source[:cut] if cut >= 0 else source.rstrip()[:-1].rstrip()  # drop the final "}"
    # The lowest version that holds the clips, as Bonework writes it: 3 when one loops.
    version = 3 if any(a.get("loop") for a in others) else 2
    body = re.sub(r'"version": [12],', f'"version": {version},', body, count=1)
    clips = [clip_text(a) for a in others]
    path.write_text(body + ',\n  "animations": [\n' + ",\n".join(clips) + "\n  ]\n}\n")


def walk(rig):
    chains = {c["name"]: c for c in rig["chains"]}
    pelvis = next(j for j in rig["joints"] if j["name"] == "pelvis")
    cycle = 1.2
    times = [round(cycle * k / 4, 6) for k in range(5)]

    def point_keys(chain, offsets):
        t = chains[chain]["target"]
        return [{"time": time, "x": round(t["x"] + dx, 2), "y": round(t["y"] + dy, 2), "curve": EASE}
                for time, (dx, dy) in zip(times, offsets)]

    # A front view: a lifted foot can only show as a shorter leg with its knee out, so the lift
    # stays small.
    down, lift_l, lift_r = (0, 0), (-3, -20), (3, -20)
    return {
        "name": "walk",
        "duration": cycle,
        "loop": True,  # a cycle: its last pose is its first
        "joints": {
            "pelvis": {"y": [{"time": time, "value": pelvis["y"] + dip, "curve": EASE}
                             for time, dip in zip(times, [0, 4, 0, 4, 0])]},
            "spine": {"angle": [{"time": time, "value": a, "curve": EASE} for time, a in zip(times, [0, 3, 0, -3, 0])]},
        },
        "chains": {
            "leg_l": {"target": point_keys("leg_l", [down, lift_l, down, down, down])},
            "leg_r": {"target": point_keys("leg_r", [down, down, down, lift_r, down])},
            # The arms swing against the legs: the right hand rises as the left foot does.
            "arm_l": {"target": point_keys("arm_l", [(0, 0), (2, 6), (0, 0), (-3, -10), (0, 0)])},
            "arm_r": {"target": point_keys("arm_r", [(0, 0), (3, -10), (0, 0), (-2, 6), (0, 0)])},
        },
    }


def blink():
    """The head blinks once, late in the clip: an image key swaps in the closed eyes, the next
    swaps the head's own image back (before the first key the slot shows its own image)."""
    return {
        "name": "blink",
        "duration": 3,
        "loop": True,  # an idle: the head still, a blink now and then
        "slots": {"head": {"image": [{"time": 2.4, "value": "art/humanoid/head_blink.png"},
                                     {"time": 2.5, "value": "art/humanoid/head.png"}]}},
    }


def record(cli, name, chain, driver, seed, seconds, clip):
    path = EXAMPLES / name
    if any(a["name"] == clip for a in load(name).get("animations", [])):
        return  # recorded already: the same arguments would write the same clip
    subprocess.run([cli, "record", str(path), "--chain", chain, "--driver", driver, "--seed", str(seed),
                    "--seconds", str(seconds), "--name", clip, "-o", str(path)], check=True)


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else "build/app/cli/bonework-cli"
    add_clip_in_writer_layout("humanoid.rig.json", walk(load("humanoid.rig.json")))
    add_clip_in_writer_layout("humanoid.rig.json", blink())
    subprocess.run([cli, "validate", str(EXAMPLES / "humanoid.rig.json")], check=True)
    record(cli, "ball-arm.rig.json", "arm", "ball", 4, 6, "kick")
    record(cli, "snake.rig.json", "body", "steering", 3, 8, "slither")


if __name__ == "__main__":
    main()
