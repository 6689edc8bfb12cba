// Plays a DragonBones export's animations in the real DragonBones runtime (no display) and prints
// every bone's world tip and every slot's display index and alpha at the times asked, as JSON.
//   node animation_in_runtime.mjs EXPORT.json TIMES.json
// TIMES.json: {"animation name": [seconds, ...], ...}. Output, one entry per time asked:
// {"name": [{"bones": {"bone": [x, y], ...}, "slots": {"slot": [displayIndex, alpha], ...}}, ...]}
// in armature coordinates (y down).
import * as db from '@cocos/dragonbones-js';
import { readFileSync } from 'node:fs';
import { HeadlessFactory } from './headless_factory.mjs';

db.DragonBones.yDown = true; // the format's own convention (this fork defaults to y up)

const [exportFile, timesFile] = process.argv.slice(2);
const data = JSON.parse(readFileSync(exportFile, 'utf8'));
const times = JSON.parse(readFileSync(timesFile, 'utf8'));

const factory = new HeadlessFactory();
if (!factory.parseDragonBonesData(data, 'bonework')) {
    console.error('the runtime could not parse the file');
    process.exit(1);
}
const out = {};
for (const [name, list] of Object.entries(times)) {
    out[name] = [];
    for (const t of list) {
        // A fresh armature a time, played once from the start as a game would: nothing carries
        // over, and the clip's end is reached the runtime's own way (its last frame shows).
        const armature = factory.buildArmature(data.armature[0].name, 'bonework');
        if (!armature.animation.gotoAndPlayByTime(name, 0, 1)) {
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
        for (const slot of armature.getSlots())
            slots[slot.name] = [slot.displayIndex, slot._colorTransform.alphaMultiplier];
        out[name].push({ bones, slots });
        armature.dispose();
    }
}
console.log(JSON.stringify(out));
