#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and runs the main job on
# examples/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh"
"$ROOT/scripts/run-examples.sh"
