#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages listed in the given package files (one name
# per line, '#' comments allowed) that are not installed yet.  Uses sudo
# when not root.  Does nothing when everything is present.
#   usage: scripts/deps.sh .ci/packages-matrix.txt [more lists...]
set -euo pipefail
want=()
for list in "$@"; do
  [ -f "$list" ] || continue
  while read -r pkg _; do
    case "$pkg" in ''|'#'*) continue ;; esac
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || want+=("$pkg")
  done < "$list"
done
[ ${#want[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "deps: installing ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${want[@]}"
