#!/usr/bin/env bash
# Installs Bonework's runtime (cmake --install --component runtime) into a staging prefix and
# uses it the ways a game does, none of them through Bonework's build tree:
#  - a CMake project (project/) that finds it with find_package(Bonework) and links
#    Bonework::core (C++) and Bonework::c (C); neither program may link Qt;
#  - a C program compiled with nothing but `pkg-config --cflags --libs bonework`;
#  - a Python script that loads libbonework.so with ctypes.
# Each loads the example humanoid, aims its left arm's chain, solves and checks the pose.
#   run_consumers.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
stage=$work/stage
rig=$source/resources/examples/humanoid.rig.json

cmake --install "$build" --component runtime --prefix "$stage" >/dev/null
lib=$(ls "$stage"/lib*/libbonework.so)
ldd "$lib" | grep -qi "libQt" && fail "libbonework.so links Qt: $(ldd "$lib" | grep -i qt)"

cmake -S "$(dirname "$0")/project" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$stage" >"$work/configure.log" 2>&1 \
    || { cat "$work/configure.log"; fail "find_package(Bonework) against the staging prefix"; }
cmake --build "$work/build" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "building against the installed Bonework"; }
grep -qi "qt" "$work/build/build.ninja" && fail "the consumer's build mentions Qt: $(grep -io '[^ ]*qt[^ ]*' "$work/build/build.ninja" | sort -u | head -3)"
for program in pose_arm pose_arm_c; do
    ldd "$work/build/$program" | grep -qi "libQt" && fail "$program links Qt"
    LD_LIBRARY_PATH="$(dirname "$lib")" "$work/build/$program" "$rig" || fail "$program"
done

export PKG_CONFIG_PATH=$(dirname "$lib")/pkgconfig
cc -o "$work/pose_arm_pc" "$(dirname "$0")/project/pose_arm.c" $(pkg-config --cflags --libs bonework) -lm \
    || fail "compiling with pkg-config bonework"
LD_LIBRARY_PATH="$(dirname "$lib")" "$work/pose_arm_pc" "$rig" || fail "the C program built with pkg-config"

python3 "$(dirname "$0")/pose_arm.py" "$lib" "$rig" || fail "the Python ctypes script"
echo "runtime consumers: CMake (C++ and C), pkg-config (C) and Python ctypes all passed"
