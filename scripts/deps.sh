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
# "scripts/deps.sh CC --tests": also the tools of the output tests, best effort (they SKIP
# without them): opt-viewer (llvm-14-tools, python3-yaml, python3-pygments), node/npm for the
# SARIF schema check, Vim and Emacs for the editor test, Chromium for the report test,
# gcc-12-source (gcc.c-torture), csmith and libcsmith-dev for the reliability test.
if [ "$2" = --tests ]; then
	tpkgs="python3 python3-yaml python3-pygments llvm-14-tools nodejs npm vim emacs-nox chromium"
	tpkgs="$tpkgs gcc-12-source csmith libcsmith-dev"
	tmissing=""
	for p in $tpkgs; do
		# a nodejs that ships its own npm (not Debian's) conflicts with Debian's npm package
		[ "$p" = npm ] && command -v npm >/dev/null 2>&1 && continue
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || tmissing="$tmissing $p"
	done
	if [ -n "$tmissing" ] && [ "$(id -u)" = 0 ]; then
		echo "roofline: installing test tools:$tmissing"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null
		for p in $tmissing; do   # one by one: a missing one only skips its tests
			apt-get install -y -qq --no-install-recommends "$p" >/dev/null 2>&1 ||
				echo "roofline: could not install $p (its tests will SKIP)" >&2
		done
	elif [ -n "$tmissing" ]; then
		echo "roofline: test tools missing (their tests SKIP):$tmissing" >&2
	fi
fi
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
