# sqlite3.c for the benchmarks (bench/overhead.sh, bench/reliability/run.sh): the SQLite
# amalgamation shipped in npm's better-sqlite3 package, fetched with `npm pack` and checked
# against a pinned checksum.  Source this file from bash; it needs die() of the caller.
BSQ_VERSION=12.4.1      # better-sqlite3 release; ships SQLite 3.50.4
BSQ_SHA256=14398acbf00d1e8fe0a2753df7d4f15c13138e4b874f4e6e96791f65b4536d0d

# sqlite_fetch DIR WHO: make DIR/sqlite-$BSQ_VERSION/sqlite3.c exist (WHO names the caller in
# the progress line); dies on any failure.
sqlite_fetch() {
	local dir=$1 who=$2 tgz sum
	[ -s "$dir/sqlite-$BSQ_VERSION/sqlite3.c" ] && return 0
	tgz=$dir/better-sqlite3-$BSQ_VERSION.tgz
	if [ ! -s "$tgz" ]; then
		command -v npm >/dev/null 2>&1 || die "npm is needed to fetch better-sqlite3 (apt-get install npm)"
		echo "$who: fetching better-sqlite3@$BSQ_VERSION from the npm registry" >&2
		(cd "$dir" && npm pack "better-sqlite3@$BSQ_VERSION" --silent >/dev/null 2>&1) ||
			die "npm pack better-sqlite3@$BSQ_VERSION failed"
	fi
	sum=$(sha256sum "$tgz" | cut -d' ' -f1)
	[ "$sum" = "$BSQ_SHA256" ] || { rm -f "$tgz"; die "checksum mismatch for $tgz (got $sum)"; }
	mkdir -p "$dir/sqlite-$BSQ_VERSION"
	tar -xzf "$tgz" -C "$dir/sqlite-$BSQ_VERSION" --strip-components=3 \
		package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h ||
		die "cannot extract sqlite3.c from $tgz"
}
