#!/usr/bin/env bash
# Builds axle and runs every test: lit/FileCheck, GoogleTest, pytest
# (including the compiled-vs-interpreter differential tests), the
# conformance corpus (round trip, interpreter, compiled code; when a corpus
# is given) and the parser tests again under AddressSanitizer/UBSan.
#
#   scripts/test.sh [--conformance PATH] [--no-sanitizers]
#
# --conformance PATH   the shared conformance corpus (a folder holding
#                      stablehlo-testdata/); also read from $AXLE_CONFORMANCE.
#                      Without it the corpus tests are skipped, with a note.
# --no-sanitizers      skip the sanitizer build (quicker local runs).
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

conformance="${AXLE_CONFORMANCE:-}"
# Fraction of the corpus' enabled cases each backend must pass.
interpreter_min_pass_rate=0.99
cpu_min_pass_rate=0.98
sanitizers=1
while (($#)); do
  case "$1" in
    --conformance) conformance="$2"; shift 2 ;;
    --conformance=*) conformance="${1#*=}"; shift ;;
    --no-sanitizers) sanitizers=0; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

./scripts/setup.sh
./scripts/build.sh

status=0
step() { echo; echo "=== $*"; }
run() { "$@" || status=1; }

step "lit + FileCheck"
run .venv/bin/lit -sv build/tests

step "GoogleTest"
run ctest --test-dir build --output-on-failure

step "pytest"
run env AXLE_BUILD_DIR="$repo_root/build" .venv/bin/python -m pytest -q tests

step "conformance corpus: parse, verify, round-trip"
if [[ -n "$conformance" && -d "$conformance/stablehlo-testdata" ]]; then
  run build/tests/axle-roundtrip "$conformance/stablehlo-testdata"
else
  echo "skipped: no conformance corpus given (pass --conformance PATH or set AXLE_CONFORMANCE)"
fi

step "conformance corpus: reference interpreter"
if [[ -n "$conformance" && -d "$conformance/stablehlo-testdata" ]]; then
  # The required pass rate only ever goes up as op coverage grows.
  run build/tests/axle-conformance --backend=interpreter \
    --min-pass-rate="$interpreter_min_pass_rate" \
    "$conformance/stablehlo-testdata"
else
  echo "skipped: no conformance corpus given (pass --conformance PATH or set AXLE_CONFORMANCE)"
fi

step "conformance corpus: compiled for this CPU"
if [[ -n "$conformance" && -d "$conformance/stablehlo-testdata" ]]; then
  # Every case is compiled with its inputs as runtime arguments, run as
  # native code, and its checks evaluated on the results.
  run build/tests/axle-conformance --backend=cpu --timeout=300 \
    --min-pass-rate="$cpu_min_pass_rate" \
    "$conformance/stablehlo-testdata"
else
  echo "skipped: no conformance corpus given (pass --conformance PATH or set AXLE_CONFORMANCE)"
fi

if ((sanitizers)); then
  step "parser and verifier tests under AddressSanitizer + UBSan"
  AXLE_BUILD_DIR="$repo_root/build-asan" AXLE_BUILD_TYPE=Release \
    AXLE_CMAKE_ARGS="-DAXLE_ENABLE_ASAN=ON" ./scripts/build.sh axle-opt axle-run axle-roundtrip
  # LLVM installs its own alternate signal stack on every thread (for crash
  # reports); AddressSanitizer's would clash with it when a thread exits.
  # LLVM's allocators poison their free memory in our instrumented code but
  # not inside the (uninstrumented) shared libMLIR, so user poisoning would
  # report false use-after-poison errors across that boundary.
  export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:use_sigaltstack=0:allow_user_poisoning=0
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  run env AXLE_BUILD_DIR="$repo_root/build-asan" \
    .venv/bin/python -m pytest -q tests/hostile
  if [[ -n "$conformance" && -d "$conformance/stablehlo-testdata" ]]; then
    run build-asan/tests/axle-roundtrip "$conformance/stablehlo-testdata"
  fi
fi

echo
if ((status)); then echo "FAILED: see the output above"; else echo "all tests passed"; fi
exit $status
