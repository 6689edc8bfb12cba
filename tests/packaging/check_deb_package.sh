#!/usr/bin/env bash
# Builds the Debian package from the build tree (cpack, as scripts/package does), installs its
# files into a staging folder and checks what a user gets:
#  - the installed bonework-cli validates, exports and renders the installed examples, and both
#    programs print the project's version;
#  - the desktop entry is valid (desktop-file-validate), the rig file type registers
#    (update-mime-database) and the manual pages and icons are there;
#  - the package declares every package the editor loads at run time: what dpkg-shlibdeps found
#    for the programs' libraries, and the owners of the files tst_editor_dialogs saw the window
#    load (REPORT), each either declared or a dependency of a declared one.
#   check_deb_package.sh BUILD_DIR VERSION REPORT
set -euo pipefail
build=$1 version=$2 report=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 \
    || { cat "$work/cpack.log"; fail "cpack could not build the package"; }
deb=$(ls "$work"/out/*.deb)
[ "$(dpkg-deb -f "$deb" Package)" = bonework ] || fail "package name"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version is not $version"
staging=$work/root
dpkg-deb -x "$deb" "$staging"
usr=$staging/usr

# The programs, run from where the package puts them, on the files it installs.
[ "$("$usr/bin/bonework-cli" --version)" = "bonework-cli $version" ] || fail "bonework-cli --version"
[ "$(env -u DISPLAY QT_QPA_PLATFORM= "$usr/bin/bonework" --version)" = "Bonework $version" ] \
    || fail "bonework --version (it must not need a display)"
examples=("$usr"/share/bonework/examples/*.rig.json)
[ ${#examples[@]} -ge 8 ] || fail "the examples are not installed"
"$usr/bin/bonework-cli" validate "${examples[@]}" >"$work/validate.log" || { cat "$work/validate.log"; fail "installed examples do not validate"; }
"$usr/bin/bonework-cli" export "$usr/share/bonework/examples/humanoid.rig.json" --format spine -o "$work/humanoid.json" 2>/dev/null \
    || fail "the installed bonework-cli cannot export an installed example"
[ -s "$work/humanoid.json" ] || fail "the export wrote nothing"
# render finds the installed art beside the installed rig, with no display.
env -u DISPLAY QT_QPA_PLATFORM= "$usr/bin/bonework-cli" render "$usr/share/bonework/examples/humanoid.rig.json" -o "$work/humanoid.png" \
    || fail "the installed bonework-cli cannot render an installed example with its art"
[ -s "$work/humanoid.png" ] || fail "the render wrote nothing"

# Desktop integration.
desktop-file-validate "$usr/share/applications/bonework.desktop" || fail "desktop entry"
grep -q '^MimeType=application/x-bonework-rig;' "$usr/share/applications/bonework.desktop" || fail "desktop entry does not open rigs"
cp -r "$usr/share/mime" "$work/mime"
update-mime-database "$work/mime" >/dev/null 2>&1 || fail "the MIME type file does not parse"
grep -q '\*\.rig\.json' "$work/mime/globs2" || fail "*.rig.json is not registered"
[ -f "$usr/share/icons/hicolor/scalable/apps/bonework.svg" ] || fail "application icon"
[ -f "$usr/share/icons/hicolor/scalable/mimetypes/application-x-bonework-rig.svg" ] || fail "file type icon"
for page in bonework bonework-cli; do
    gzip -t "$usr/share/man/man1/$page.1.gz" || fail "manual page $page"
    zcat "$usr/share/man/man1/$page.1.gz" | grep -q "Bonework $version" || fail "manual page $page has no version"
done
[ -f "$usr/share/doc/bonework/editor.md" ] || fail "the editor guide (Help) is not installed"
[ -f "$usr/share/doc/bonework/copyright" ] || fail "copyright file"

# Dependencies: the shared libraries found, and everything the window loads at run time.
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6core6 libqt6gui6 libqt6qml6 libqt6quick6 libc6; do
    grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib (dpkg-shlibdeps)"
done
[ -s "$report" ] || fail "no run-time report at $report (tst_editor_dialogs writes it)"
declare -A covered
queue=($(sed -e 's/([^)]*)//g' -e 's/[|,]/ /g' <<<"$depends"))
while [ ${#queue[@]} -gt 0 ]; do
    pkg=${queue[0]%%:*}; queue=("${queue[@]:1}")
    [ -n "${covered[$pkg]:-}" ] && continue
    covered[$pkg]=1
    deps=$(dpkg-query -W -f='${Depends}, ${Pre-Depends}' "$pkg" 2>/dev/null) || continue
    queue+=($(sed -e 's/([^)]*)//g' -e 's/[|,]/ /g' <<<"$deps"))
done
missing=()
while read -r pkg; do
    case $pkg in
        libqt6test6|qml6-module-qttest) continue ;; # the test's own, not the editor's
        libgl1-mesa-dri) continue ;;                # Recommends: software rendering works without
    esac
    [ -n "${covered[$pkg]:-}" ] && continue
    # Essential packages (libc-bin, ...) are on every Debian system and are never declared.
    [ "$(dpkg-query -W -f='${Essential}' "$pkg" 2>/dev/null)" = yes ] && continue
    missing+=("$pkg")
done < <(sed -n 's/^file //p' "$report" | grep -v -e '^/tmp/' -e "^$(cd "$(dirname "$0")/../.." && pwd)" \
             | xargs -r dpkg -S 2>/dev/null | cut -d: -f1 | tr ',' '\n' | sed 's/^ *//' | sort -u)
[ ${#missing[@]} -eq 0 ] || fail "the window loads files of packages the .deb does not depend on: ${missing[*]}"
echo "package $(basename "$deb"): $(dpkg-deb -f "$deb" Installed-Size) KiB installed; checks passed"
