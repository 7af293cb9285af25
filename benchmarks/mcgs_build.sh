#!/bin/sh
# Build the C++ solver MCGS v1.5 (the peer of benchmarks/bench_mcgs.py) outside the repository.
#
# Usage:  sh benchmarks/mcgs_build.sh [SOURCE]
#
# SOURCE is a git repository of MCGS (a clone, a bare mirror, or a checkout;
# default: $MCGS_SOURCE, else https://github.com/ualberta-mueller-group/MCGS).
# The work tree is ~/.cache/cgt/mcgs/src (override with $CGT_MCGS_DIR), at tag
# v1.5 (later versions need a submodule); the build is MCGS's own makefile,
# `make DEBUG=0 MCGS`.  Running it again reuses the checkout and the objects.
# The last line printed is the path of the binary.  No MCGS code enters this
# repository.
#
# Files whose contents a mirror lacks (large experiment data, not needed to
# build) are left out of the checkout by a sparse-checkout pattern.
set -eu

TAG=v1.5
DIR=${CGT_MCGS_DIR:-$HOME/.cache/cgt/mcgs}
SOURCE=${1:-${MCGS_SOURCE:-https://github.com/ualberta-mueller-group/MCGS}}
SRC=$DIR/src

mkdir -p "$DIR"
if [ ! -d "$SRC/.git" ]; then
    git clone -q --no-checkout "$SOURCE" "$SRC"
fi
cd "$SRC"
if ! git rev-parse -q --verify "$TAG^{commit}" >/dev/null; then
    git fetch -q --tags "$SOURCE"
fi

# Leave out the files of the tag whose blobs are not in the object store.
missing=$(git ls-tree -r "$TAG" | while read -r _mode type sha path; do
    if [ "$type" = blob ] && ! git cat-file -e "$sha" 2>/dev/null; then
        printf '!/%s\n' "$path"
    fi
done)
if [ -n "$missing" ]; then
    # shellcheck disable=SC2086  # one pattern per line, none with spaces
    git sparse-checkout set --no-cone '/*' $missing
fi
if [ "$(git rev-parse HEAD 2>/dev/null)" != "$(git rev-parse "$TAG^{commit}")" ] \
    || [ ! -f makefile ]; then
    git -c advice.detachedHead=false checkout -q "$TAG" 2>/dev/null || git checkout -q "$TAG"
fi

jobs=$(nproc 2>/dev/null || echo 1)
nice make -s DEBUG=0 MCGS -j "$jobs" >"$DIR/build.log" 2>&1 || {
    tail -n 30 "$DIR/build.log" >&2
    echo "mcgs_build.sh: the build failed; the log is $DIR/build.log" >&2
    exit 1
}
test -x "$SRC/MCGS"
echo "$SRC/MCGS"
