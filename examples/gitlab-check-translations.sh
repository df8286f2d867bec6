#!/usr/bin/env sh
# A GitLab CI job (or any CI): are the committed translations out of date? Writes no translation file:
# exits 0 when they are up to date, 12 when the service has changes — with the key-by-key summary in a
# Markdown file (for a merge request note, or the job's artifacts) — and any other code when loc failed.
# Needs LOC_API_TOKEN (a masked CI/CD variable) and, against the mock server, LOC_BASE_URL. `LOC` may
# name the binary (default: loc on PATH).
#
#   LOC_BASE_URL=http://127.0.0.1:4010 LOC_API_TOKEN=loc_test_developer sh examples/gitlab-check-translations.sh src/locales summary.md
set -u
LOC=${LOC:-loc}
OUT=${1:-src/locales}
SUMMARY=${2:-translations-summary.md}

$LOC export --workspace acme --project web-frontend --out "$OUT" --path-template "{locale}/{filename}" \
  --check --summary "$SUMMARY" --summary-keys 10 --timeout 5m
status=$?
if [ "$status" -eq 12 ]; then
  echo "The translations are out of date; what changed is in $SUMMARY." >&2
  cat "$SUMMARY"
  exit 12
fi
exit "$status"
