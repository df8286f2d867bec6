#!/usr/bin/env bash
# Installs the tools the format tests read our exports with (packages/mock-server/test/oracles.ts):
# aapt2 and the Android framework (Android resources), GNUstep (.strings), libplist (stringsdict),
# GNU gettext (PO), Ruby's Psych and PyYAML (YAML), Ruby's I18n gem (Rails YAML), libxml2 and the Translate
# Toolkit's xliff2po (XLIFF: Debian packages no XLIFF 1.2 schema, so an independent XLIFF reader stands in);
# zsh and fish, which the `loc completion` tests source their scripts in (bash is already there); and
# chromium, the real browser the over-the-air web example runs in (examples/ota-web, through playwright-core).
# Idempotent: installs with apt-get only the packages that are missing, only when apt-get exists and we are
# root; says what it did.
# Without them the format tests are skipped, loudly, never passed.
set -euo pipefail

PACKAGES=(aapt android-framework-res gnustep-base-runtime libplist-utils gettext ruby ruby-i18n python3-yaml libxml2-utils translate-toolkit zsh fish chromium)

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-test-tools: all present (${PACKAGES[*]})"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-test-tools: no apt-get here; missing: ${missing[*]} (their format tests will be skipped)" >&2
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-test-tools: not root; missing: ${missing[*]}. Run: sudo bash scripts/install-test-tools.sh" >&2
  exit 0
fi

echo "install-test-tools: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# A failed install must not fail the run: the tests of the missing tools are skipped and say so.
if apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  echo "install-test-tools: installed ${missing[*]}"
else
  echo "install-test-tools: apt-get failed; missing: ${missing[*]} (their format tests will be skipped)" >&2
fi
