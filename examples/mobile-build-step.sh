#!/bin/sh
# Before a mobile build (an Xcode run-script phase, a Gradle task): download the newest release of the
# app's strings, the project's own files (NATIVE_FORMAT), into a folder the build compiles in.
#
#   sh scripts/pull-strings.sh <environment> <app version> <folder>
#
# Only "no newer release" and "the CDN could not be reached" build with the strings already in the
# folder; anything else fails the build and says why (loc that cannot run, a refused key, no such
# distribution). Needs LOC_CDN_KEY. LOC names the command (default: npx -p @loc/cli loc).
set -u
ENVIRONMENT=${1:?environment, for example PRODUCTION}
APP_VERSION=${2:?app version, for example 2.1.0}
STRINGS=${3:?folder of the strings, for example Strings}
LOC=${LOC:-npx -p @loc/cli loc}

$LOC cdn check --environment "$ENVIRONMENT" --type NATIVE_FORMAT --client-version "$APP_VERSION" \
  --download "$STRINGS" --timeout 30s
code=$?
case $code in
  0) echo "note: new strings downloaded into $STRINGS" ;;
  20) echo "note: no newer release of the strings; building with those in $STRINGS" ;;
  8 | 9) echo "warning: the CDN could not be reached (exit $code); building with the strings in $STRINGS" >&2 ;;
  3) echo "error: the CDN key is missing or was refused: set LOC_CDN_KEY" >&2; exit 1 ;;
  126 | 127) echo "error: loc could not be started (exit $code, no such command): install Node.js 22.19 or later (it brings npx) and put it on PATH" >&2; exit 1 ;;
  1) echo "error: loc could not run (exit 1): it needs Node.js 22.19 or later, and npx must find @loc/cli in the npm registry or the project; run $LOC --version to see why" >&2; exit 1 ;;
  *) echo "error: loc cdn check failed (exit $code; loc --help lists the codes): the strings were not checked" >&2; exit 1 ;;
esac
