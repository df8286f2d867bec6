#!/usr/bin/env bash
# A mobile build step's gate, tested from the shell against loc-mock with faults set through its control
# API (/__admin/): "is there a newer release of the strings? fail the build when the CDN budget is spent".
# Needs curl and python3 (for JSON); no JavaScript. Start the mock first, then:
#
#   loc-mock serve --port 4010 --quiet &
#   LOC_MOCK_URL=http://127.0.0.1:4010 bash examples/release-gate-faults.sh
set -eu
BASE=${LOC_MOCK_URL:?set LOC_MOCK_URL to the URL of loc-mock, for example http://127.0.0.1:4010}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One field of the JSON on stdin, by a Python subscript: json "['count']".
json() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }
# A call to the control API; -f: a 4xx (bad input) fails the script.
admin() { curl -sf -X "$1" "$BASE/__admin/$2" ${3:+-H 'Content-Type: application/json' -d "$3"}; }

# The build step under test. Prints the newer release, or "up to date"; exit 3 when the budget is spent
# (the build fails: a release build must not ship stale strings unnoticed), 1 on anything else.
gate() { # <client version> [<current release id>]
  local key=${KEY:-lh-cdn_demo_acme} type=${TYPE:-MOBILE_SDK_IOS} status body
  body=$(printf '{"distributionEnvironment":"PRODUCTION","distributionType":"%s","clientVersion":"%s"' "$type" "$1")
  if [ -n "${2:-}" ]; then body=$(printf '%s,"clientRelease":"%s"' "$body" "$2"); fi
  status=$(curl -s -o "$tmp/answer.json" -w '%{http_code}' -X POST "$BASE/cdn/check" \
    -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d "$body}") || true
  case $status in
    200) echo "newer release: $(json "['distributionReleaseId']" < "$tmp/answer.json")" ;;
    204) echo "up to date" ;;
    429) echo "error: the CDN budget is spent" >&2; return 3 ;;
    *) echo "error: the CDN check answered ${status:-nothing}" >&2; return 1 ;;
  esac
}

# Runs the gate and checks its exit code and output.
expect() { # <exit code> <output> <gate args…>
  local want=$1 said=$2 code=0 out
  shift 2
  out=$(gate "$@" 2>&1) || code=$?
  if [ "$code" != "$want" ] || [ "$out" != "$said" ]; then
    echo "FAIL: gate $* gave exit $code, \"$out\"; expected exit $want, \"$said\"" >&2
    exit 1
  fi
  echo "ok: gate $* → exit $code, $out"
}

admin POST reset > /dev/null
expect 0 'newer release: rel_ios_2_1' 2.0.0
expect 0 'up to date' 2.0.0 rel_ios_2_1
expect 0 'newer release: rel_ios_1_9' 1.5.0

# The budget spent, as the service says it: a 429 injected for the next check.
admin POST faults '{"kind":"STATUS","status":429,"path":"/cdn/check"}' > /dev/null
expect 3 'error: the CDN budget is spent' 2.0.0
# A server error, and no answer at all: not a spent budget.
admin POST faults '{"kind":"STATUS","status":503,"path":"/cdn/check"}' > /dev/null
expect 1 'error: the CDN check answered 503' 2.0.0
admin POST faults '{"kind":"EMPTY_RESPONSE","path":"/cdn/check"}' > /dev/null
expect 1 'error: the CDN check answered 000' 2.0.0

# A real budget: globex's key may check 3 times.
KEY=lh-cdn_demo_globex TYPE=MOBILE_SDK_ANDROID expect 0 'newer release: rel_globex_1' 1.0.0
KEY=lh-cdn_demo_globex TYPE=MOBILE_SDK_ANDROID expect 0 'up to date' 1.0.0 rel_globex_1
KEY=lh-cdn_demo_globex TYPE=MOBILE_SDK_ANDROID expect 0 'up to date' 1.0.0 rel_globex_1
KEY=lh-cdn_demo_globex TYPE=MOBILE_SDK_ANDROID expect 3 'error: the CDN budget is spent' 1.0.0 rel_globex_1
[ "$(admin GET state | json "['budgets'][1]['used']")" = 3 ] || { echo 'FAIL: globex used 3 checks' >&2; exit 1; }

# What the gate sent: the key and the version, every time; the journal shows the key only as a fingerprint.
count=$(admin POST requests/verify '{"method":"POST","path":"/cdn/check","headers":{"authorization":"Bearer lh-cdn_demo_acme"},"body":{"includesJson":{"clientVersion":"2.0.0"}}}' | json "['count']")
[ "$count" = 5 ] || { echo "FAIL: 5 checks of 2.0.0 with the acme key, the journal has $count" >&2; exit 1; }
if admin GET requests | grep -q 'lh-cdn_demo_acme'; then echo 'FAIL: the journal shows a CDN key' >&2; exit 1; fi
fingerprint=$(printf %s lh-cdn_demo_acme | python3 -c "import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest()[:12])")
admin GET requests | grep -q "Bearer cdn-key:sha256:$fingerprint" || { echo 'FAIL: no fingerprint of the key' >&2; exit 1; }
admin POST reset > /dev/null
echo "all gate checks passed"
