# Shared by scripts/run and scripts/test: install what is missing, then configure and build.
# Re-running is quick: installed packages are only checked, and the build is incremental.

BONEWORK_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${BONEWORK_BUILD_DIR:-$BONEWORK_ROOT/build}

# Debian bookworm packages the build, the tests and the editor need.
BONEWORK_PACKAGES=(
    build-essential cmake ninja-build git pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-declarative-dev qt6-declarative-dev-tools qt6-qpa-plugins
    qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts
    qml6-module-qtquick-shapes qml6-module-qtquick-dialogs qml6-module-qtquick-window
    qml6-module-qtquick-templates qml6-module-qtqml-workerscript qml6-module-qttest
    qml6-module-qt-labs-platform qml6-module-qt-labs-settings qml6-module-qt-labs-folderlistmodel qml6-module-qtqml
    qml6-module-qtqml-models
    libgl-dev libgl1-mesa-dri libxcursor1 fonts-dejavu-core
    libgtest-dev libbenchmark-dev nlohmann-json3-dev
    liborocos-kdl-dev  # benchmark-only: the peer IK solvers of bench/bench_peers.cpp
    clang libclang-rt-14-dev
    xvfb xauth xdotool
    file desktop-file-utils shared-mime-info python3
)

log() { printf '\033[1m[bonework]\033[0m %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_packages() {
    local missing=() pkg
    for pkg in "${BONEWORK_PACKAGES[@]}" "$@"; do
        # A package counts as present only when fully installed.
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    # Node.js and npm run the DragonBones runtime check; any install of them will do.
    if ! command -v node >/dev/null 2>&1; then missing+=(nodejs); fi
    if ! command -v npm >/dev/null 2>&1; then missing+=(npm); fi
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    log "installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

configure_and_build() {
    local launcher=()
    if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
    if [ ! -f "$BUILD_DIR/build.ninja" ]; then
        log "configuring $BUILD_DIR"
        cmake -S "$BONEWORK_ROOT" -B "$BUILD_DIR" -G Ninja "${launcher[@]}" "$@"
    fi
    log "building"
    cmake --build "$BUILD_DIR" --parallel "$(nproc)"
}
