#!/usr/bin/env sh
# A CI job: fail when German or French is not fully approved, otherwise pull every file into the
# repository's layout and keep a JSON report. Needs LOC_API_TOKEN (a pipeline secret) and, against the
# mock server, LOC_BASE_URL. `LOC` may name the binary (default: loc on PATH).
#
#   LOC_BASE_URL=http://127.0.0.1:4010 LOC_API_TOKEN=loc_test_developer sh examples/ci-pull-translations.sh out
set -u
LOC=${LOC:-loc}
OUT=${1:-src/locales}

$LOC status --workspace acme --project web-frontend --min-translated 80 --locale de --timeout 2m
status=$?
if [ "$status" -eq 11 ]; then
  echo "German is not translated enough: not pulling." >&2
  exit 11
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi

$LOC export --workspace acme --project web-frontend --out "$OUT" --path-template "{locale}/{filename}" \
  --timeout 5m --json > "$OUT.report.json" || exit $?
echo "Pulled translations into $OUT (report: $OUT.report.json)"
