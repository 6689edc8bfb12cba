// Loads a DragonBones export in the real DragonBones runtime (no display), moves IK target bones,
// advances the armature and prints every bone's world origin and tip as JSON.
//   node pose_in_runtime.mjs EXPORT.json TARGETS.json
// TARGETS.json: {"target_bone_name": [x, y], ...} in armature coordinates (y down).
import * as db from '@cocos/dragonbones-js';
import { readFileSync } from 'node:fs';

// DragonBones data is y-down; this fork defaults to y-up engines (Cocos). Use the format's own.
db.DragonBones.yDown = true;

const [exportFile, targetsFile] = process.argv.slice(2);
const data = JSON.parse(readFileSync(exportFile, 'utf8'));
const targets = targetsFile ? JSON.parse(readFileSync(targetsFile, 'utf8')) : {};

// The runtime talks to an engine through these; a headless check needs them to do nothing.
class NoEvents {
    hasDBEventListener() { return false; }
    dispatchDBEvent() {}
    addDBEventListener() {}
    removeDBEventListener() {}
}
class NoDisplay extends NoEvents {
    dbInit(armature) { this.armature = armature; }
    dbClear() {}
    dbUpdate() {}
    dispose() {}
    get animation() { return this.armature.animation; }
}
class NoTextures extends db.TextureAtlasData {
    static toString() { return '[class NoTextures]'; }
    createTexture() { return null; }
}
class HeadlessFactory extends db.BaseFactory {
    constructor() {
        super(null);
        this._dragonBones = new db.DragonBones(new NoEvents());
    }
    _buildTextureAtlasData(textureAtlasData) {
        return textureAtlasData ?? db.BaseObject.borrowObject(NoTextures);
    }
    _buildArmature(dataPackage) {
        const armature = db.BaseObject.borrowObject(db.Armature);
        const proxy = new NoDisplay();
        armature.init(dataPackage.armature, proxy, proxy, this._dragonBones);
        return armature;
    }
    _buildSlot() { return null; }
}

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
for (const [name, [x, y]] of Object.entries(targets)) {
    const bone = armature.getBone(name);
    if (!bone) {
        console.error(`no bone named ${name}`);
        process.exit(1);
    }
    // Target bones hang from the top bone at the origin, so armature coordinates are local ones.
    bone.offset.x = x - bone.origin.x;
    bone.offset.y = y - bone.origin.y;
    bone.invalidUpdate();
}
armature.advanceTime(0);
const out = {};
for (const bone of armature.getBones()) {
    const m = bone.globalTransformMatrix;
    const length = bone.boneData.length;
    out[bone.name] = { origin: [m.tx, m.ty], tip: [m.tx + m.a * length, m.ty + m.b * length] };
}
console.log(JSON.stringify(out));
