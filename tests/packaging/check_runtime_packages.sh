#!/usr/bin/env bash
# Fails when the editor or the command line loads something at run time from a Debian package
# that the set-up scripts do not install (directly or as a dependency), naming the package.
#   check_runtime_packages.sh REPORT BINARY...
# REPORT is what tst_editor_dialogs wrote after opening every dialog: "file PATH" lines for the
# qmldir files it read and every file it had mapped. The BINARY's shared libraries (ldd) count too.
set -euo pipefail
report=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../scripts/lib/common.sh" # BONEWORK_PACKAGES

[ -s "$report" ] || { echo "no run-time report at $report (tst_editor_dialogs writes it)"; exit 1; }

# Every file loaded: the report's, and the binaries' shared libraries.
mapfile -t files < <({
    sed -n 's/^file //p' "$report"
    for binary in "$@"; do ldd "$binary" | awk '/=> \//{print $3} /^\t\//{print $1}'; done
} | grep -v -e "^$BONEWORK_ROOT" -e '^/tmp/' -e '^/dev/' -e '^/proc/' -e '^/memfd' -e '^/SYSV' | sort -u)

# The owning package of each file (merged /usr: dpkg knows some as /lib/...).
declare -A owner
while IFS= read -r line; do
    pkg=${line%%: *}; path=${line#*: }
    owner[$path]=${pkg%%:*}
done < <(dpkg -S "${files[@]}" 2>/dev/null || true)
unowned=()
for f in "${files[@]}"; do
    [ -n "${owner[$f]:-}" ] && continue
    alt=${f/#\/usr\/lib\//\/lib\/}
    if pkg=$(dpkg -S "$alt" 2>/dev/null | head -n1); then
        owner[$f]=${pkg%%:*}
    else
        unowned+=("$f")
    fi
done

# What the scripts install: the listed packages and everything they depend on.
declare -A provider
while read -r pkg provides; do
    for v in ${provides//,/ }; do [[ $v == \(* || $v == *\) || $v == = ]] || provider[${v%%:*}]=$pkg; done
done < <(dpkg-query -W -f='${Package} ${Provides}\n')
declare -A installed_by_scripts
queue=("${BONEWORK_PACKAGES[@]}" nodejs npm)
while [ ${#queue[@]} -gt 0 ]; do
    pkg=${queue[0]}; queue=("${queue[@]:1}")
    pkg=${pkg%%:*}
    [ -n "${installed_by_scripts[$pkg]:-}" ] && continue
    if ! deps=$(dpkg-query -W -f='${Depends}, ${Pre-Depends}' "$pkg" 2>/dev/null); then
        [ -n "${provider[$pkg]:-}" ] && queue+=("${provider[$pkg]}")
        continue
    fi
    installed_by_scripts[$pkg]=1
    # "a (>= 1) | b, c:any" -> a b c
    for dep in $(echo "$deps" | sed -e 's/([^)]*)//g' -e 's/[|,]/ /g'); do
        queue+=("${dep%%:*}")
    done
done

missing=()
for f in "${files[@]}"; do
    pkg=${owner[$f]:-}
    [ -z "$pkg" ] && continue
    # Essential packages are on every Debian system.
    if [ -z "${installed_by_scripts[$pkg]:-}" ] && [ "$(dpkg-query -W -f='${Essential}' "$pkg" 2>/dev/null)" != yes ]; then
        missing+=("$pkg (loads $f)")
    fi
done
if [ ${#unowned[@]} -gt 0 ]; then
    printf 'not from any package (ignored): %s\n' "${unowned[@]}"
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "FAIL: the programs load files from packages that scripts/lib/common.sh does not install:"
    printf '  %s\n' "${missing[@]}" | sort -u
    echo "Add the package to BONEWORK_PACKAGES in scripts/lib/common.sh."
    exit 1
fi
echo "every one of ${#files[@]} files loaded at run time comes from a package the set-up scripts install"
