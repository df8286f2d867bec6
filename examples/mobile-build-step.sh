#!/usr/bin/env sh
# A mobile build step (an Xcode run-script phase or a Gradle exec task): fetch a newer release of the
# strings from the CDN if there is one, and keep building with what is there if there is none. Needs
# LOC_CDN_KEY and, against the mock server, LOC_BASE_URL. `LOC` may name the binary. Against the real
# service's CDN host, also set LOC_CDN_BASE_URL=https://<cdn host> LOC_CDN_CHECK_PATH=/v1/distributions/check.
#
#   LOC_BASE_URL=http://127.0.0.1:4010 LOC_CDN_KEY=lh-cdn_demo_acme sh examples/mobile-build-step.sh 2.1.0 Strings
set -u
LOC=${LOC:-loc}
APP_VERSION=${1:?app version, for example 2.1.0}
STRINGS_DIR=${2:-Strings}

$LOC cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version "$APP_VERSION" --download "$STRINGS_DIR" \
  --timeout 1m
case $? in
  0) echo "note: new strings downloaded into $STRINGS_DIR" ;;
  20) echo "note: strings are up to date" ;;
  3) echo "error: the CDN key was refused" >&2; exit 1 ;;
  7) echo "warning: CDN usage limit reached; building with the strings already there" >&2 ;;
  *) echo "warning: could not check for new strings; building with the strings already there" >&2 ;;
esac
