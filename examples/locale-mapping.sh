#!/usr/bin/env sh
# Locale mapping: the service's locale codes, renamed to what each app's platform wants, in each app's
# layout. Needs LOC_API_TOKEN and, against the mock server, LOC_BASE_URL. `LOC` may name the binary
# (default: loc on PATH). docs/cli.md#locale-mapping explains the defaults and the map.
#
#   LOC_BASE_URL=http://127.0.0.1:4010 LOC_API_TOKEN=loc_test_developer sh examples/locale-mapping.sh apps
set -eu
LOC=${LOC:-loc}
OUT=${1:-apps}

# iOS: the source locale (en) in Base.lproj, zh-Hant shipped as zh-TW.lproj.
$LOC export --workspace acme --project mobile-ios --out "$OUT/ios" --path-template "{lproj}/{filename}" \
  --locale-map en=Base --locale-map zh-Hant=zh-TW

# Android: the built-in defaults already build with aapt2 (values/ for the source, values-pt-rBR …);
# here Brazilian Portuguese ships as plain pt (values-pt/) and French as fr-CA (values-fr-rCA/).
$LOC export --workspace acme --project mobile-android --out "$OUT/android" \
  --path-template "app/src/main/res/{android_values}/strings.xml" --locale-map pt-BR=pt,fr=fr-CA

# The same map in loc.config.json, for every run in this folder (a flag still wins for its locale).
mkdir -p "$OUT/web"
cat > "$OUT/web/loc.config.json" <<'JSON'
{
  "workspace": "acme",
  "project": "web-frontend",
  "localeMap": { "de": "de-DE", "ja": "ja-JP" },
  "export": { "out": "public/locales", "pathTemplate": "{locale}/{filename}" }
}
JSON
(cd "$OUT/web" && $LOC export --locale de,ja)

echo "Exported with locale mapping into $OUT"
