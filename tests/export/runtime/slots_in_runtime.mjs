// Loads a DragonBones export with its texture atlas in the real DragonBones runtime (no display),
// as a game would (the data and the atlases under their own names), moves IK target bones and
// prints, per slot, what the runtime shows: its display index and alpha before anything changed,
// its texture's name and size, and the four corners of the texture on screen (armature
// coordinates, y down): top-left, top-right, bottom-right, bottom-left of the texture's pixels.
// A hidden slot is shown (display index 0) to print where its image would be.
//   node slots_in_runtime.mjs SKELETON_ske.json TARGETS.json ATLAS_tex.json [ATLAS_tex_2.json ...]
import * as db from '@cocos/dragonbones-js';
import { readFileSync } from 'node:fs';
import { HeadlessFactory, moveTargets } from './headless_factory.mjs';

db.DragonBones.yDown = true; // the format's own convention (the fork defaults to y up)

const [skeletonFile, targetsFile, ...atlasFiles] = process.argv.slice(2);
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const data = read(skeletonFile);
const factory = new HeadlessFactory();
if (!factory.parseDragonBonesData(data)) {
    console.error('the runtime could not parse the skeleton');
    process.exit(1);
}
for (const file of atlasFiles)
    factory.parseTextureAtlasData(read(file), null);
const armature = factory.buildArmature(data.armature[0].name, data.name);
if (!armature) {
    console.error('the runtime could not build the armature');
    process.exit(1);
}
armature.advanceTime(0);
const out = {};
for (const slot of armature.getSlots()) {
    out[slot.name] = { displayIndex: slot.displayIndex, alpha: slot._colorTransform.alphaMultiplier };
    if (slot.displayIndex < 0)
        slot.displayIndex = 0;
}
moveTargets(armature, read(targetsFile));
armature.advanceTime(0);
for (const slot of armature.getSlots()) {
    const texture = slot._textureData;
    if (!texture) {
        console.error(`slot ${slot.name} has no texture`);
        process.exit(1);
    }
    // The runtime draws the texture's pixels with their top-left corner at -pivot in the slot's
    // display space (the pivot it worked out from the display's pivot and the texture's frame),
    // through the slot's global transform.
    const m = slot.globalTransformMatrix;
    const w = texture.region.width, h = texture.region.height;
    const corner = (x, y) => [m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty];
    const x0 = -slot._pivotX, y0 = -slot._pivotY;
    Object.assign(out[slot.name], {
        texture: texture.name,
        size: [w, h],
        corners: [corner(x0, y0), corner(x0 + w, y0), corner(x0 + w, y0 + h), corner(x0, y0 + h)],
    });
}
console.log(JSON.stringify(out));
