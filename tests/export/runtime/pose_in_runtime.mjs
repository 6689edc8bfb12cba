// Loads a DragonBones export in the real DragonBones runtime (no display), moves IK target bones,
// advances the armature and prints every bone's world origin and tip as JSON.
//   node pose_in_runtime.mjs EXPORT.json TARGETS.json
// TARGETS.json: {"target_bone_name": [x, y], ...} in armature coordinates (y down).
import * as db from '@cocos/dragonbones-js';
import { readFileSync } from 'node:fs';
import { HeadlessFactory, moveTargets } from './headless_factory.mjs';

// DragonBones data is y-down; this fork defaults to y-up engines (Cocos). Use the format's own.
db.DragonBones.yDown = true;

const [exportFile, targetsFile] = process.argv.slice(2);
const data = JSON.parse(readFileSync(exportFile, 'utf8'));
const targets = targetsFile ? JSON.parse(readFileSync(targetsFile, 'utf8')) : {};

const factory = new HeadlessFactory();
if (!factory.parseDragonBonesData(data, 'bonework')) {
    console.error('the runtime could not parse the file');
    process.exit(1);
}
const armature = factory.buildArmature(data.armature[0].name, 'bonework');
if (!armature) {
    console.error('the runtime could not build the armature');
    process.exit(1);
}
armature.advanceTime(0);
moveTargets(armature, targets);
armature.advanceTime(0);
const out = {};
for (const bone of armature.getBones()) {
    const m = bone.globalTransformMatrix;
    const length = bone.boneData.length;
    out[bone.name] = { origin: [m.tx, m.ty], tip: [m.tx + m.a * length, m.ty + m.b * length] };
}
console.log(JSON.stringify(out));
