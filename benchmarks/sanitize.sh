#!/usr/bin/env bash
# Run the compiled kernels under AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   benchmarks/sanitize.sh [pytest arguments ...]
#
# Copies the package and its tests to a temporary directory, builds every
# kernel there with -fsanitize=address,undefined -fno-sanitize-recover=all
# (and -fno-wrapv, so that a signed overflow is reported: CPython builds
# extensions with -fwrapv, which makes it silently wrap), then runs
#
#   * the kernel tests: tests/test_kernel*.py, tests/games/test_heap_kernel.py,
#     tests/games/test_hexapawn_kernel.py (slow ones included), or the pytest
#     arguments given instead;
#   * the differential fuzz of benchmarks/audit.py --smoke (every kernel
#     against the pure-Python paths, threads, Ctrl-C);
#
# with ASAN_OPTIONS=halt_on_error=1:detect_leaks=0 and
# UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1: the first report aborts
# the process, so a report fails the run instead of scrolling past.  The
# Python interpreter is not instrumented, so the ASan runtime is preloaded
# (LD_PRELOAD of the compiler's libasan, and libubsan), and PYTHONMALLOC=malloc
# sends Python's own allocations (PyMem_Malloc, used by some kernels) through
# the checked malloc.  CGT_SANITIZERS is set, so the tests that measure the
# resident size skip (ASan's quarantine keeps freed memory).  Your working tree
# and its built kernels are not touched.
#
# Exit status: 0 clean, 1 a test failed or a sanitizer aborted a run, 77 the
# compiler cannot build sanitized code (nothing was checked).  CC picks the
# compiler (default: gcc, else cc).  SANITIZE_KEEP=1 keeps the temporary copy.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python}"
cc="${CC:-$(command -v gcc || command -v cc || true)}"
if [ -z "$cc" ]; then
    echo "sanitize: no C compiler" >&2
    exit 77
fi
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -fno-wrapv -g"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/cgt-sanitize.XXXXXX")"
cleanup() { if [ "${SANITIZE_KEEP:-0}" = 1 ]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi; }
trap cleanup EXIT

# 1. Can this compiler build and load a sanitized shared object?
printf 'int cgt_probe(int x) { return x << 1; }\n' >"$tmp/probe.c"
if ! "$cc" $flags -shared -fPIC "$tmp/probe.c" -o "$tmp/probe.so" 2>"$tmp/probe.log"; then
    echo "sanitize: $cc cannot build with $flags; skipped" >&2
    cat "$tmp/probe.log" >&2
    exit 77
fi
preload=""
for lib in libasan.so libubsan.so; do
    path="$("$cc" -print-file-name="$lib")"
    if [ "$path" = "$lib" ] || [ ! -e "$path" ]; then
        echo "sanitize: $cc has no $lib to preload; skipped" >&2
        exit 77
    fi
    preload="$preload $path"
done
preload="${preload# }"

# 2. A copy of the package and its tests, with sanitized kernels.
mkdir -p "$tmp/src"
(cd "$here" && tar cf - --exclude='__pycache__' --exclude='*.so' --exclude='build' \
    cgt tests benchmarks setup.py pyproject.toml conftest.py README.md LICENSE) |
    (cd "$tmp/src" && tar xf -)
cd "$tmp/src"
if ! CC="$cc" CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" \
    "$python" setup.py -q build_ext --inplace --build-temp "$tmp/build" >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2
    echo "sanitize: the build failed" >&2
    exit 1
fi
built=0
for c in cgt/_c/*.c; do
    name="$(basename "$c" .c)"
    so="$(ls cgt/_kernel_"$name".*.so 2>/dev/null | head -n 1 || true)"
    # the kernels are optional extensions: a failed compile is only a warning, so check
    if [ -z "$so" ] || ! grep -q __asan_init "$so"; then
        cat "$tmp/build.log" >&2
        echo "sanitize: kernel $name was not built with the sanitizers" >&2
        exit 1
    fi
    built=$((built + 1))
done
echo "sanitize: $built kernels built with $flags"

# 3. Run them.
export PYTHONPATH="$tmp/src" PYTHONMALLOC=malloc PYTHONDONTWRITEBYTECODE=1
# tests that measure the resident size skip on this (ASan keeps freed memory in quarantine)
export CGT_SANITIZERS=address,undefined
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0:abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
run() { LD_PRELOAD="$preload" "$@"; }
run "$python" -c "import cgt; assert all(cgt.compiled().values()), cgt.compiled()"
if [ "$#" -gt 0 ]; then
    run "$python" -m pytest -q -p no:cacheprovider -x "$@"
else
    run "$python" -m pytest -q -p no:cacheprovider -x tests/test_kernel*.py \
        tests/games/test_heap_kernel.py tests/games/test_hexapawn_kernel.py
    if [ -f benchmarks/audit.py ]; then run "$python" benchmarks/audit.py --smoke; fi
fi
echo "sanitize: no sanitizer report"
