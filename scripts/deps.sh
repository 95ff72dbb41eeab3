#!/bin/sh
# Check (and as root, install) the Debian packages the build and tests need.
# Usage: scripts/deps.sh [CC]
cc=${1:-gcc}
case $cc in
*-[0-9]*) ver=${cc##*-} ;;                      # gcc-11, gcc-12
*) ver=$($cc -dumpversion 2>/dev/null | cut -d. -f1) ;;
esac
[ -n "$ver" ] || ver=12
pkgs="gcc-$ver g++-$ver gcc-$ver-plugin-dev libisl-dev libyaml-dev libjansson-dev libcmocka-dev dejagnu make"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
	echo "roofline: installing Debian packages:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || {
		echo "roofline: apt-get install failed for:$missing" >&2; exit 1; }
else
	echo "roofline: missing Debian packages:$missing" >&2
	echo "roofline: run as root:  apt-get install -y$missing" >&2
	exit 1
fi
