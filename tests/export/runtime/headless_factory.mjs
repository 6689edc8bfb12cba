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

// Moves target bones to armature coordinates: {"bone": [x, y], ...}. Target bones hang from the
// top bone at the origin, so armature coordinates are their local ones.
export function moveTargets(armature, targets) {
    for (const [name, [x, y]] of Object.entries(targets)) {
        const bone = armature.getBone(name);
        if (!bone)
            throw new Error(`no bone named ${name}`);
        bone.offset.x = x - bone.origin.x;
        bone.offset.y = y - bone.origin.y;
        bone.invalidUpdate();
    }
}
