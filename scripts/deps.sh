#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages listed in the given package files (one name
# per line, '#' comments allowed) that are not installed yet.  Uses sudo
# when not root.  Does nothing when everything is present.
#   usage: scripts/deps.sh .ci/packages-matrix.txt [more lists...]
#          scripts/deps.sh --check LIST...   installs nothing: exit 0 when
#                                            every package is installed, else
#                                            1, printing the missing ones
set -euo pipefail
check=0
if [[ ${1:-} == --check ]]; then
  check=1
  shift
fi
want=()
for list in "$@"; do
  [ -f "$list" ] || continue
  while read -r pkg _; do
    case "$pkg" in ''|'#'*) continue ;; esac
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || want+=("$pkg")
  done < "$list"
done
[ ${#want[@]} -eq 0 ] && exit 0
if [ $check -eq 1 ]; then
  echo "${want[*]}"
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "deps: installing ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${want[@]}"
