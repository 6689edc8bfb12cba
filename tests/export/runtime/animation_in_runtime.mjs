// Plays a DragonBones export's animations in the real DragonBones runtime (no display) and prints
// every bone's world tip and, per slot, its display index, alpha, the texture it shows and that
// texture's corners at the times asked, as JSON.
//   node animation_in_runtime.mjs EXPORT.json TIMES.json [ATLAS_tex.json ...]
// TIMES.json: {"animation name": [seconds, ...], ...}. Output, one entry per time asked:
// {"name": [{"bones": {"bone": [x, y], ...},
//            "slots": {"slot": [displayIndex, alpha, texture, corners], ...}}, ...]}
// in armature coordinates (y down). `texture` is the name of the atlas texture the slot shows
// (null when it shows nothing, or when no atlas was given); `corners` the texture's pixels'
// top-left, top-right, bottom-right and bottom-left on screen (as slots_in_runtime.mjs), or null.
import * as db from '@cocos/dragonbones-js';
import { readFileSync } from 'node:fs';
import { HeadlessFactory } from './headless_factory.mjs';

db.DragonBones.yDown = true; // the format's own convention (this fork defaults to y up)

const [exportFile, timesFile, ...atlasFiles] = process.argv.slice(2);
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const data = read(exportFile);
const times = read(timesFile);

const factory = new HeadlessFactory();
if (!factory.parseDragonBonesData(data, 'bonework')) {
    console.error('the runtime could not parse the file');
    process.exit(1);
}
// The atlases under the data's name, as a game adds them (each page a whole atlas).
for (const file of atlasFiles)
    factory.parseTextureAtlasData(read(file), null, 'bonework');
const out = {};
for (const [name, list] of Object.entries(times)) {
    out[name] = [];
    for (const t of list) {
        // A fresh armature a time, played from the start as a game would (play times as the
        // animation has them: a looping one wraps, one played once shows its last frame at its
        // end and after): nothing carries over.
        const armature = factory.buildArmature(data.armature[0].name, 'bonework');
        if (!armature.animation.gotoAndPlayByTime(name, 0, -1)) {
            console.error(`no animation named ${name}`);
            process.exit(1);
        }
        armature.advanceTime(0);
        armature.advanceTime(t);
        const bones = {};
        for (const bone of armature.getBones()) {
            const m = bone.globalTransformMatrix;
            const length = bone.boneData.length;
            bones[bone.name] = [m.tx + m.a * length, m.ty + m.b * length];
        }
        const slots = {};
        for (const slot of armature.getSlots()) {
            const texture = slot.displayIndex >= 0 ? slot._textureData : null;
            let corners = null;
            if (texture) {
                // The texture's pixels drawn with their top-left at -pivot in the slot's display
                // space, through the slot's global transform.
                const m = slot.globalTransformMatrix;
                const w = texture.region.width, h = texture.region.height;
                const corner = (x, y) => [m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty];
                const x0 = -slot._pivotX, y0 = -slot._pivotY;
                corners = [corner(x0, y0), corner(x0 + w, y0), corner(x0 + w, y0 + h), corner(x0, y0 + h)];
            }
            slots[slot.name] = [slot.displayIndex, slot._colorTransform.alphaMultiplier, texture ? texture.name : null, corners];
        }
        out[name].push({ bones, slots });
        armature.dispose();
    }
}
console.log(JSON.stringify(out));
