// A DragonBones factory for Node.js with no engine behind it: armatures, bones and slots work
// (with their data, transforms and textures' sizes), nothing is drawn. What the runtime checks
// in tests/export build their armatures with.
import * as db from '@cocos/dragonbones-js';

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
class HeadlessTexture extends db.TextureData {
    static toString() { return '[class HeadlessTexture]'; }
}
class NoTextures extends db.TextureAtlasData {
    static toString() { return '[class NoTextures]'; }
    createTexture() { return db.BaseObject.borrowObject(HeadlessTexture); }
}
// A slot whose display is a plain object: the runtime still works out the slot's global
// transform and its display's pivot from the texture data, which is what the checks read.
class HeadlessSlot extends db.Slot {
    static toString() { return '[class HeadlessSlot]'; }
    _initDisplay() {}
    _disposeDisplay() {}
    _onUpdateDisplay() {}
    _addDisplay() {}
    _replaceDisplay() {}
    _removeDisplay() {}
    _updateZOrder() {}
    _updateVisible() {}
    _updateBlendMode() {}
    _updateColor() {}
    _updateFrame() {}
    _updateMesh() {}
    _updateGlueMesh() {}
    _updateTransform() {}
    _identityTransform() {}
}
export class HeadlessFactory extends db.BaseFactory {
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
    _buildSlot(dataPackage, slotData, armature) {
        const slot = db.BaseObject.borrowObject(HeadlessSlot);
        const display = {};
        slot.init(slotData, armature, display, display);
        return slot;
    }
}

// Moves target bones to armature coordinates: {"bone": [x, y], ...}. A target bone hangs from
// the top bone at the origin (armature coordinates are its local ones) or rides on a joint's bone.
export function moveTargets(armature, targets) {
    for (const [name, [x, y]] of Object.entries(targets)) {
        const bone = armature.getBone(name);
        if (!bone)
            throw new Error(`no bone named ${name}`);
        // In the parent bone's frame (a target riding on a joint is that joint bone's child),
        // from the parent's world transform as the last update left it.
        let [lx, ly] = [x, y];
        if (bone.parent) {
            const m = bone.parent.globalTransformMatrix;
            const det = m.a * m.d - m.b * m.c, dx = x - m.tx, dy = y - m.ty;
            [lx, ly] = [(m.d * dx - m.c * dy) / det, (m.a * dy - m.b * dx) / det];
        }
        bone.offset.x = lx - bone.origin.x;
        bone.offset.y = ly - bone.origin.y;
        bone.invalidUpdate();
    }
}
