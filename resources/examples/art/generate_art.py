#!/usr/bin/env python3
"""Draws the example rigs' art and writes their slots.

    python3 resources/examples/art/generate_art.py

Bonework owns this art: every image is drawn here from simple shapes (raster.py: signed
distance functions, supersampled), sized from the bone lengths in the rig files. It writes
resources/examples/art/<rig>/<part>.png and rewrites the "slots" of humanoid, gunner and snake
.rig.json (version 2, one slot per line as Bonework writes them); nothing else in the rig files
changes, so no joint moves. A few images are no slot's own but swapped in by a clip's image keys
(the humanoid's head with its eyes closed, head_blink.png, for its "blink" clip, which
../generate_clips.py writes): they are drawn the size of the slot's image they replace. Only Python 3's standard library is needed; the build does not run
this: the PNGs are committed. Re-running it gives byte-identical files.

Each part is drawn in its bone's frame (x along the bone from its start, y 90 degrees clockwise
from it, y down on screen), at PIXELS_PER_UNIT pixels per rig unit; its slot puts the image's
centre (pivot 0.5, 0.5) at the centre of the drawn box, scaled by 1 / PIXELS_PER_UNIT, so the
art stays sharp when the editor zooms in.
"""

import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the committed art
from raster import (Image, capsule, ellipse, half_plane, hex_colour, inset, intersect,
                    rounded_box, shade, union, write_png)

PIXELS_PER_UNIT = 2
HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.dirname(HERE)

OUTLINE = hex_colour("#2b2233")
SKIN = hex_colour("#f0c09a")
HAIR = hex_colour("#5a3622")
SHIRT = hex_colour("#3f8f8a")
PANTS = hex_colour("#40507f")
SHOES = hex_colour("#5a3a2a")
EYES = hex_colour("#2b2233")
JACKET = hex_colour("#6b7a3c")
HELMET = hex_colour("#4f5a2c")
WOOD = hex_colour("#8a5a2b")
METAL = hex_colour("#3a3f46")
SCALES = hex_colour("#4f9a4a")
SCALES_DARK = hex_colour("#3c7a39")
JOINT = hex_colour("#55585e")
BELLY = hex_colour("#d9c46a")


class Part:
    """One image: its slot's name and bone, the box [x0, x1] x [y0, y1] it covers in the bone's
    frame, and the shapes drawn there."""

    def __init__(self, name, bone, x0, y0, x1, y1):
        self.name, self.bone = name, bone
        self.box = (x0, y0, x1, y1)
        self.image = Image(x0, y0, x1, y1, PIXELS_PER_UNIT)

    def outlined(self, shape, colour, width=1.5):
        self.image.outlined(shape, colour, OUTLINE, width)

    def fill(self, shape, colour):
        self.image.fill(shape, colour)


def highlight(part, shape, length, radius0, radius1, colour):
    """A lighter band along the limb's upper side: flat shading with one light from above."""
    band = capsule(0, -0.55 * radius0, length, -0.55 * radius1, 0.28 * radius0, 0.28 * radius1)
    part.fill(intersect(inset(shape, 2.5), band), shade(colour, 1.25))


def limb(name, bone, length, radius0, radius1, colour):
    """A tapered limb along a bone `length` long: round ends just past both joints."""
    pad = max(radius0, radius1) + 2
    part = Part(name, bone, -radius0 - 2, -pad, length + radius1 + 2, pad)
    shape = capsule(0, 0, length, 0, radius0, radius1)
    part.outlined(shape, colour)
    highlight(part, shape, length, radius0, radius1, colour)
    return part


# --- the humanoid (S7): front view --------------------------------------------------------------

def humanoid(length):
    parts = []
    for side in ("l", "r"):
        parts.append(limb(f"thigh_{side}", f"knee_{side}", length[f"knee_{side}"], 13, 10, PANTS))
        parts.append(limb(f"shin_{side}", f"foot_{side}", length[f"foot_{side}"], 10, 7, PANTS))
        toe = length[f"toe_{side}"]
        foot = Part(f"foot_{side}", f"toe_{side}", -12, -10, toe + 10, 12)
        foot.outlined(rounded_box(toe / 2 - 1, 1, toe / 2 + 9, 9, 7), SHOES)
        parts.append(foot)

    spine = length["spine"]
    abdomen = Part("abdomen", "spine", -18, -38, spine + 4, 38)
    belly = rounded_box(spine / 2 - 4, 0, spine / 2 + 4, 26, 12)
    hips = rounded_box(0, 0, 16, 36, 12)
    abdomen.outlined(belly, SHIRT)
    abdomen.outlined(hips, PANTS)
    abdomen.fill(intersect(inset(hips, 1.5), half_plane(1, 0, 11)), shade(PANTS, 0.7))  # the belt
    parts.append(abdomen)

    chest_len = length["chest"]
    reach = length["clavicle_l"]
    neck = length["neck"]
    parts.append(limb("neck", "neck", neck, 9, 9, SKIN))
    chest = Part("chest", "chest", -6, -reach - 14, chest_len + 16, reach + 14)
    body = union(rounded_box(chest_len / 2 - 2, 0, chest_len / 2 + 2, 30, 14),
                 capsule(chest_len - 6, -reach + 2, chest_len - 6, reach - 2, 12))
    chest.outlined(body, SHIRT)
    chest.fill(intersect(inset(body, 2.5), half_plane(1, 0, chest_len + 1)), shade(SHIRT, 1.25))
    parts.append(chest)

    parts.append(humanoid_head("head", length["head"], eyes_closed=False))

    for side in ("l", "r"):
        parts.append(limb(f"upper_arm_{side}", f"elbow_{side}", length[f"elbow_{side}"], 10, 8, SHIRT))
        fore = length[f"hand_{side}"]
        parts.append(limb(f"forearm_{side}", f"hand_{side}", fore, 8, 6, SKIN))
        hand = Part(f"hand_{side}", f"hand_{side}", fore - 4, -11, fore + 22, 11)
        hand.outlined(ellipse(fore + 8, 0, 12, 9), SKIN)
        parts.append(hand)
    return parts


def humanoid_head(name, head_len, eyes_closed):
    """The head, eyes open or closed: both the same size, so a clip can swap one for the other
    in the same slot."""
    head = Part(name, "head", -8, -29, head_len + 15, 29)
    face = ellipse(head_len / 2 + 3, 0, head_len / 2 + 10, 25)
    head.outlined(face, SKIN)
    head.fill(intersect(inset(face, 1.5), half_plane(1, 0, head_len * 0.72)), HAIR)
    for eye in (-9, 9):
        if eyes_closed:  # a lid's line across where the eye was (x runs up the face)
            head.fill(capsule(head_len * 0.55 - 1, eye - 4, head_len * 0.55 - 1, eye + 4, 1.2), EYES)
        else:
            head.fill(ellipse(head_len * 0.55, eye, 4.5, 3), EYES)
    head.fill(capsule(head_len * 0.22, -6, head_len * 0.22, 6, 1.4), shade(SKIN, 0.6))
    return head


def humanoid_swaps(length):
    """Images the humanoid's clips key in place of a slot's own (its "blink" clip: the head
    with the eyes closed). Each is the size of the slot's image, so it lands in the same place."""
    return [("head", humanoid_head("head_blink", length["head"], eyes_closed=True))]


# --- the gunner (S6): side view, facing right, a rifle along the aim bone ------------------------

def rifle(grip, foregrip, muzzle):
    """The rifle in the frame of the bone from the shoulder to the grip: the stock at the
    shoulder, the pistol grip at `grip`, the foregrip at `foregrip`, the muzzle at `muzzle`."""
    part = Part("rifle", "grip", -30, -22, muzzle + 2, 34)
    part.outlined(rounded_box(10, 2, 30, 10, 6), WOOD)                        # the stock
    part.outlined(capsule(grip - 2, 4, grip - 8, 24, 5), WOOD)                # the pistol grip
    part.outlined(rounded_box((grip + foregrip) / 2 - 4, 18, 7, 14, 3), METAL)  # the magazine
    part.outlined(rounded_box((grip + foregrip) / 2 - 5, 2, (foregrip - grip) / 2 + 35, 10, 4), METAL)
    part.outlined(rounded_box(foregrip, 1, 26, 8, 4), WOOD)                   # the handguard
    part.outlined(capsule(foregrip, 6, foregrip, 18, 5), WOOD)                # the foregrip
    part.outlined(rounded_box((foregrip + muzzle) / 2 + 14, 0, (muzzle - foregrip) / 2 - 12, 3.5, 1.5), METAL)
    part.outlined(rounded_box(muzzle - 8, -6, 2.5, 4, 1), METAL)              # the front sight
    part.outlined(rounded_box(grip + 20, -13, 26, 5, 5), METAL)               # the scope
    part.fill(ellipse(grip - 5, -13, 3, 3), shade(METAL, 1.6))                # its lens
    return part


def gunner(length):
    parts = []
    far = 0.8  # the far side is in shadow
    parts.append(limb("thigh_far", "knee_far", length["knee_far"], 18, 13, shade(PANTS, far)))
    parts.append(shin("shin_far", "foot_far", length["foot_far"], shade(PANTS, far)))
    parts.append(limb("upper_arm_far", "elbow_far", length["elbow_far"], 11, 9, shade(JACKET, far)))
    parts.append(forearm("forearm_far", "hand_far", length["hand_far"], shade(JACKET, far)))

    parts.append(limb("neck", "neck", length["neck"] + 6, 11, 11, SKIN))
    chest = length["chest"]
    torso = Part("torso", "chest", -20, -34, chest + 18, 34)
    body = rounded_box(chest / 2 - 1, 0, chest / 2 + 17, 31, 22)
    torso.outlined(body, JACKET)
    torso.fill(intersect(inset(body, 1.5), half_plane(-1, 0, -14)), PANTS)   # trousers below the belt
    torso.fill(intersect(inset(body, 1.5), intersect(half_plane(1, 0, 14), half_plane(-1, 0, -24))),
               shade(WOOD, 0.6))                                            # the belt
    torso.fill(intersect(inset(body, 3), capsule(30, 14, chest - 10, 14, 6)), shade(JACKET, 1.2))
    parts.append(torso)

    head_len = length["head"]
    head = Part("head", "head", -14, -34, head_len + 14, 40)
    skull = ellipse(head_len / 2, 0, head_len / 2 + 8, 30)
    head.outlined(union(skull, ellipse(head_len * 0.4, 28, 6, 5)), SKIN)   # the nose, facing right
    head.fill(ellipse(head_len * 0.52, 16, 4, 4), EYES)
    helmet = union(intersect(ellipse(head_len / 2 + 2, 0, head_len / 2 + 11, 33), half_plane(1, 0, head_len * 0.62)),
                   rounded_box(head_len * 0.64, 4, 4, 34, 3))
    head.outlined(helmet, HELMET)
    parts.append(head)

    parts.append(limb("thigh_near", "knee_near", length["knee_near"], 18, 13, PANTS))
    parts.append(shin("shin_near", "foot_near", length["foot_near"], PANTS))
    grip = length["grip"]
    parts.append(rifle(grip, grip + length["foregrip"], grip + length["foregrip"] + length["muzzle"]))
    parts.append(limb("upper_arm_near", "elbow_near", length["elbow_near"], 11, 9, JACKET))
    parts.append(forearm("forearm_near", "hand_near", length["hand_near"], JACKET))
    return parts


def shin(name, bone, length, colour):
    """A shin with a boot at its end; the toe points to the screen's right (the frame's -y for
    a leg pointing down)."""
    part = Part(name, bone, -15, -36, length + 14, 40)
    shape = capsule(0, 0, length, 0, 13, 10)
    part.outlined(shape, colour)
    highlight(part, shape, length, 13, 10, colour)
    part.outlined(rounded_box(length + 1, -9, 11, 24, 8), SHOES)
    return part


def forearm(name, bone, length, colour):
    """A sleeve with the hand at its end."""
    part = Part(name, bone, -11, -13, length + 16, 13)
    shape = capsule(0, 0, length, 0, 9, 7)
    part.outlined(shape, colour)
    highlight(part, shape, length, 9, 7, colour)
    part.outlined(ellipse(length + 3, 0, 11, 9), SKIN)
    return part


# --- the mechanical snake (S8): box plates on ball joints, tail first -----------------------------

def snake(length, bones):
    """`bones`: the joints from the first bone to the head, tail first."""
    parts = []
    tip = Part("tail_tip", "tail", -26, -9, 4, 9)
    tip.outlined(capsule(-22, 0, 0, 0, 2.5, 7), SCALES_DARK)
    parts.append(tip)
    widths = [7, 9, 11, 12, 13, 13, 13, 13]
    for i, bone in enumerate(bones[:-1]):
        bone_len = length[bone]
        half = widths[min(i, len(widths) - 1)]
        part = Part(bone, bone, -half - 3, -half - 6, bone_len + 8, half + 6)
        part.outlined(ellipse(0, 0, half * 0.8 + 2, half * 0.8 + 2), JOINT)  # the ball joint
        plate = rounded_box(bone_len / 2 + 2, 0, bone_len / 2 + 4, half + 3, 5)
        colour = SCALES if i % 2 == 0 else SCALES_DARK
        part.outlined(plate, colour)
        part.fill(intersect(inset(plate, 3), half_plane(0, 1, half * 0.45)), BELLY)
        for rx in (6, bone_len - 14):  # the far end hides under the next plate
            part.fill(ellipse(rx, -half * 0.45, 1.8, 1.8), shade(colour, 0.55))  # rivets
        parts.append(part)
    head_bone = bones[-1]
    head_len = length[head_bone]
    head = Part("head", head_bone, -12, -20, head_len + 16, 20)
    head.outlined(ellipse(0, 0, 11, 11), JOINT)
    skull = union(rounded_box(head_len / 2, 0, head_len / 2 + 4, 15, 9),
                  ellipse(head_len + 2, 0, 12, 11))
    head.outlined(skull, SCALES)
    for eye in (-8, 8):
        head.outlined(ellipse(head_len * 0.62, eye, 4, 4), hex_colour("#f2d04b"), 1.2)
        head.fill(ellipse(head_len * 0.66, eye, 1.3, 2.6), EYES)
    parts.append(head)
    return parts


# --- writing the slots ---------------------------------------------------------------------------

def number(value):
    """Numbers as Bonework writes them: the shortest text that reads back to the same double."""
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def slot_line(rig, part):
    x0, y0, x1, y1 = part.box
    scale = 1 / PIXELS_PER_UNIT
    fields = [("name", json.dumps(part.name)), ("bone", json.dumps(part.bone)),
              ("image", json.dumps(f"art/{rig}/{part.name}.png")),
              ("x", number((x0 + x1) / 2)), ("y", number((y0 + y1) / 2)), ("rotation", "0"),
              ("scaleX", number(scale)), ("scaleY", number(scale)), ("pivotX", "0.5"), ("pivotY", "0.5"),
              ("opacity", "1"), ("visible", "true")]
    return "{" + ", ".join(f'"{key}": {value}' for key, value in fields) + "}"


def write_rig(rig, parts):
    """Sets the rig file's version to 2 and its slots to `parts`, leaving every other line as
    it is (animations too)."""
    path = os.path.join(EXAMPLES, f"{rig}.rig.json")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r'"version": \d+,', '"version": 2,', text, count=1)
    text = re.sub(r',\n  "slots": \[\n.*?\n  \]', "", text, flags=re.S)  # the old slots, if any
    slots = ',\n  "slots": [\n' + ",\n".join("    " + slot_line(rig, part) for part in parts) + "\n  ]"
    # The writer's order: ..., chains, slots, animations (a clip may already be there).
    animations = text.find(',\n  "animations": [')
    if animations >= 0:
        text = text[:animations] + slots + text[animations:]
    else:
        text = text.rstrip()
        assert text.endswith("]\n}"), path
        text = text[:-2] + slots + "\n}\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def check_centre(part, rows):
    """Tests compare each image's centre pixel with the rendered rig: keep it inside a flat,
    opaque area (7 x 7 pixels the same, 3.5 rig units) so the comparison does not land on an
    edge."""
    w, h = part.image.width, part.image.height
    cx, cy = w // 2, h // 2
    centre = rows[cy][4 * cx:4 * cx + 4]
    for dy in range(-3, 4):
        for dx in range(-3, 4):
            pixel = rows[cy + dy][4 * (cx + dx):4 * (cx + dx) + 4]
            if pixel != centre or centre[3] != 255:
                sys.exit(f"{part.name}: the image's centre is not flat and opaque")


def main():
    for rig, draw in (("humanoid", humanoid), ("gunner", gunner), ("snake", snake)):
        with open(os.path.join(EXAMPLES, f"{rig}.rig.json"), encoding="utf-8") as f:
            doc = json.load(f)
        length = {j["name"]: j.get("length", 0) for j in doc["joints"]}
        if rig == "snake":
            bones = [j["name"] for j in doc["joints"] if "parent" in j]
            parts = draw(length, bones)
        else:
            parts = draw(length)
        folder = os.path.join(HERE, rig)
        os.makedirs(folder, exist_ok=True)
        for part in parts:
            rows = part.image.pixels()
            check_centre(part, rows)
            write_png(os.path.join(folder, f"{part.name}.png"), part.image.width, part.image.height, rows)
        # Images a clip swaps in for a slot's own: drawn beside it, no slot of their own.
        swaps = humanoid_swaps(length) if rig == "humanoid" else []
        for slot, swap in swaps:
            own = next(part for part in parts if part.name == slot)
            assert swap.box == own.box and swap.bone == own.bone, swap.name
            rows = swap.image.pixels()
            check_centre(swap, rows)
            write_png(os.path.join(folder, f"{swap.name}.png"), swap.image.width, swap.image.height, rows)
        write_rig(rig, parts)
        print(f"{rig}: {len(parts) + len(swaps)} images")


if __name__ == "__main__":
    main()
