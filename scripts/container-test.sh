#!/usr/bin/env bash
# The container, actually built and run (README "Deploy", docs/deploy.md "The image, built and
# run"). With Debian's podman and runc, as root:
#   1. a local base image when there is none: a minimal Debian bookworm from `debootstrap` (the
#      machine's apt mirror), Node from the npm registry's `node` package and npm from its `npm`
#      package, a `node` user (uid 1000) as in the official image. The Dockerfile takes it through
#      its NODE_IMAGE build argument, whose default stays the official image;
#   2. `podman build` of the Dockerfile on it;
#   3. the image run as an operator would: read-only root filesystem, a non-root user, every
#      capability dropped, no new privileges, a small tmpfs on /tmp (as deploy/k8s does);
#   4. checks: /healthz, /readyz, the image's own HEALTHCHECK, a tool call against an
#      independent reference (sha256sum), a background removal against the committed example
#      answer, no capability and no writable root inside, JSON-only logs, and a clean stop:
#      SIGTERM during a heavy request (an image resize in the worker pool), which is still
#      answered 200, then exit 0 within the grace period.
# Prints the image's size and the time from `podman run` to the first 200 from /readyz, then
# `N passed, M failed`. Exit 0 when every check passed.
#
# Run by hand (`bash scripts/container-test.sh`, slow the first time: debootstrap, npm ci and the
# build inside the image) or from .ci/run with CONTAINER_TEST=1.
# Settings: BASE_IMAGE, IMAGE, BASE_NODE_VERSION (20), BASE_NPM_VERSION (10), REBUILD_BASE=1,
# DEBIAN_MIRROR, KEEP_IMAGE=1 (keep the built image), SKIP_BUILD=1 (test the kept image again),
# GRACE_SECONDS (40, as deploy/k8s).
set -uo pipefail
cd "$(dirname "$0")/.."

BASE_NODE_VERSION="${BASE_NODE_VERSION:-20}"
BASE_NPM_VERSION="${BASE_NPM_VERSION:-10}"
BASE_IMAGE="${BASE_IMAGE:-localhost/devtoolbox-base:bookworm-node${BASE_NODE_VERSION}}"
IMAGE="${IMAGE:-localhost/devtoolbox:container-test}"
NAME="devtoolbox-container-test-$$"
GRACE_SECONDS="${GRACE_SECONDS:-40}"
work="$(mktemp -d /tmp/devtoolbox-container.XXXXXX)"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok    $*"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $*"; }
summary() {
  echo "container-test: image $IMAGE on base $BASE_IMAGE"
  echo "$passed passed, $failed failed"
}
cleanup() {
  podman rm -f -t 0 "$NAME" >/dev/null 2>&1
  [ "${KEEP_IMAGE:-0}" = 1 ] || podman rmi -f "$IMAGE" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
die() { echo "container-test: $*" >&2; fail "$*"; summary; exit 1; }

for tool in podman runc debootstrap npm node curl; do
  command -v "$tool" >/dev/null 2>&1 || die "needs $tool (apt-get install podman runc debootstrap curl)"
done

# podman's settings for this run only (the machine's own files stay as they are): runc, because
# crun cannot run on a cgroup v1 host; cgroupfs, because there may be no systemd; and explicit
# ulimits, because podman's defaults for root (nofile 1048576, nproc 4194304) are refused by runc
# ("error setting rlimit … operation not permitted") inside a container whose own hard limits are
# lower, as on this kind of CI machine. nofile: this shell's hard limit; nproc: at most 32768,
# which conmon is held to here (a higher value is refused as well).
nofile="$(ulimit -Hn)"; [ "$nofile" = unlimited ] && nofile=1048576
nproc="$(ulimit -Hu)"; { [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; } && nproc=32768
write_conf() {
  printf '%s\n' '[containers]' \
    "default_ulimits = [\"nofile=${nofile}:${nofile}\", \"nproc=${nproc}:${nproc}\"]" \
    '[engine]' 'runtime = "runc"' 'cgroup_manager = "cgroupfs"' 'events_logger = "file"' >"$work/containers.conf"
}
write_conf
export CONTAINERS_CONF="$work/containers.conf"

# ---- 1. the base image ---------------------------------------------------------------------
build_base() {
  local root="$work/rootfs" mirror="${DEBIAN_MIRROR:-}"
  if [ -z "$mirror" ]; then
    # The mirror apt already uses (deb822 or one-line sources), else Debian's own.
    mirror="$(grep -h -m1 -E '^URIs:.*/debian/?$' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}')"
    [ -n "$mirror" ] || mirror="$(grep -h -m1 -E '^deb .*/debian/? bookworm' /etc/apt/sources.list 2>/dev/null | awk '{print $2}')"
    [ -n "$mirror" ] || mirror="http://deb.debian.org/debian"
  fi
  echo "base: debootstrap bookworm from $mirror"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; return 1; }
  # What a container never uses: apt's caches and lists, documentation, manuals, locales.
  rm -rf "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
    "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* "$root"/var/log/*
  echo "base: Node ${BASE_NODE_VERSION} (npm registry package 'node') and npm ${BASE_NPM_VERSION}"
  npm install --prefix "$work/node" "node@${BASE_NODE_VERSION}" --no-audit --no-fund --no-save >"$work/node.log" 2>&1 \
    || { tail -20 "$work/node.log"; return 1; }
  local node
  node="$(find "$work/node/node_modules" -path '*/bin/node' -type f -perm -u+x | head -1)"
  [ -n "$node" ] || { echo "no node binary in the npm package"; return 1; }
  install -D -m 0755 "$node" "$root/usr/local/bin/node"
  (cd "$work" && npm pack "npm@${BASE_NPM_VERSION}" --silent >"$work/npm-pack.log" 2>&1) \
    || { tail -20 "$work/npm-pack.log"; return 1; }
  mkdir -p "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  # The official image's unprivileged user, which the Dockerfile's USER names.
  echo 'node:x:1000:1000::/home/node:/bin/sh' >>"$root/etc/passwd"
  echo 'node:x:1000:' >>"$root/etc/group"
  echo 'node:*:19000:0:99999:7:::' >>"$root/etc/shadow"
  install -d -m 0755 -o 1000 -g 1000 "$root/home/node"
  tar -C "$root" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' \
    --message "debootstrap bookworm + node ${BASE_NODE_VERSION} from the npm registry" \
    - "$BASE_IMAGE" >"$work/import.log" 2>&1 || { cat "$work/import.log"; return 1; }
  rm -rf "$root" "$work/node"
}

if [ "${REBUILD_BASE:-0}" = 1 ] || ! podman image exists "$BASE_IMAGE"; then
  started=$SECONDS
  build_base || die "could not make the base image $BASE_IMAGE"
  echo "base: $BASE_IMAGE made in $((SECONDS - started)) s"
fi
base_node="$(podman run --rm --network none "$BASE_IMAGE" node --version 2>&1)"
if [[ "$base_node" == *rlimit* ]]; then
  # A runtime that refuses those too: limits small enough for any host, ample for the server.
  nofile=4096 nproc=4096 write_conf
  base_node="$(podman run --rm --network none "$BASE_IMAGE" node --version 2>&1)"
fi
[[ "$base_node" == v* ]] || die "cannot run the base image: $base_node"
echo "base: $BASE_IMAGE, node $base_node (ulimits nofile $nofile, nproc $nproc)"

# ---- 2. the image ----------------------------------------------------------------------------
started=$SECONDS
if [ "${SKIP_BUILD:-0}" = 1 ] && podman image exists "$IMAGE"; then
  echo "build: skipped (SKIP_BUILD=1), testing the existing $IMAGE"
else
# Docker format keeps HEALTHCHECK (the OCI format has no field for it).
# Where this machine reaches the npm registry through a TLS-inspecting proxy, its CA bundle is
# lent to the build's RUN steps (npm reads /usr/local/etc/npmrc, the global config of an npm in
# /usr/local), never copied into a layer: the image that runs takes nothing from the build stages
# but node_modules/, dist/ and dist-server/.
build_mounts=()
ca="${NODE_EXTRA_CA_CERTS:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}"
if [ -f "$ca" ]; then
  cp "$ca" "$work/ca.crt"
  printf 'cafile=/run/build-ca/ca.crt\n' >"$work/npmrc"
  build_mounts=(-v "$work/ca.crt:/run/build-ca/ca.crt:ro,Z" -v "$work/npmrc:/usr/local/etc/npmrc:ro,Z")
fi
version="$(node -p 'require("./package.json").version')"
revision="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
if podman build --format docker --pull=never -t "$IMAGE" -f Dockerfile "${build_mounts[@]}" \
  --build-arg "NODE_IMAGE=$BASE_IMAGE" --build-arg "VERSION=$version" --build-arg "REVISION=$revision" \
  --build-arg "CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ)" . >"$work/build.log" 2>&1; then
  pass "podman build ($((SECONDS - started)) s)"
else
  tail -40 "$work/build.log"
  die "podman build failed"
fi
fi
size_bytes="$(podman image inspect --format '{{.Size}}' "$IMAGE")"
echo "image size: $((size_bytes / 1000000)) MB ($size_bytes bytes)"
base_bytes="$(podman image inspect --format '{{.Size}}' "$BASE_IMAGE")"
echo "  of which the base: $((base_bytes / 1000000)) MB"
labels="$(podman image inspect --format '{{json .Labels}}' "$IMAGE")"
for label in org.opencontainers.image.title org.opencontainers.image.licenses org.opencontainers.image.version org.opencontainers.image.revision; do
  if node -e 'const l=JSON.parse(process.argv[1])||{}; process.exit(l[process.argv[2]] ? 0 : 1)' "$labels" "$label"; then pass "label $label"; else fail "label $label missing"; fi
done
# Only this platform's onnxruntime binaries are in the image.
platforms="$(podman run --rm --network none --no-healthcheck --entrypoint sh "$IMAGE" -c 'ls -d node_modules/onnxruntime-node/bin/napi-v*/*/*' 2>"$work/ls.log" | tr '\n' ' ')"
if [ "$(echo "$platforms" | wc -w)" = 1 ] && [[ "$platforms" == *linux/* ]]; then pass "onnxruntime binaries: $platforms"; else fail "onnxruntime binaries of other platforms: $platforms"; fi

# ---- 3. run it as an operator would ----------------------------------------------------------
# The image's HEALTHCHECK is run on demand (`podman healthcheck run`): podman's timers for it
# need systemd. On a shared CI machine a background removal can take tens of seconds at the
# workers' default low priority, so this run gives them the server's priority and more time
# (HEAVY_NICE=0, TOOL_TIMEOUT_MS): what is tested here is the container, not the machine's load.
run_started_ns="$(date +%s%N)"
podman run -d --name "$NAME" \
  --read-only --read-only-tmpfs=false --tmpfs /tmp:rw,nosuid,nodev,size=64m \
  --cap-drop=all --security-opt no-new-privileges \
  --stop-timeout "$GRACE_SECONDS" \
  --health-interval disable \
  -e RATE_LIMIT=on -e HEAVY_WORKERS=1 \
  -e HEAVY_NICE=0 -e TOOL_TIMEOUT_MS=180000 \
  -p 127.0.0.1::8787 "$IMAGE" >"$work/run.log" 2>"$work/run.err" || { cat "$work/run.log" "$work/run.err"; die "podman run failed"; }
hostport="$(podman port "$NAME" 8787/tcp | head -1)"
url="http://${hostport/0.0.0.0/127.0.0.1}"
ready=""
for _ in $(seq 1 600); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/readyz")" = 200 ]; then ready=1; break; fi
  [ "$(podman inspect --format '{{.State.Running}}' "$NAME")" = true ] || break
  sleep 0.1
done
ready_ms=$((($(date +%s%N) - run_started_ns) / 1000000))
if [ -n "$ready" ]; then
  pass "/readyz 200"
  echo "start-up to /readyz: $ready_ms ms"
else
  podman logs "$NAME" 2>&1 | tail -20
  die "/readyz never answered 200"
fi

# ---- 4. checks -------------------------------------------------------------------------------
health="$(curl -s -w ' %{http_code}' "$url/healthz")"
[ "$health" = '{"status":"ok"} 200' ] && pass "/healthz: $health" || fail "/healthz: $health"
if podman healthcheck run "$NAME" >"$work/health.log" 2>&1; then pass "the image's HEALTHCHECK: healthy"; else fail "the image's HEALTHCHECK: $(cat "$work/health.log")"; fi

# A tool call, against sha256sum.
expected="$(printf %s 'devtoolbox in a container' | sha256sum | cut -d' ' -f1)"
got="$(curl -s "$url/api/hash-generator" -H 'Content-Type: application/json' -d '{"input":"devtoolbox in a container","algorithm":"sha256"}' | jq -r .hash)"
[ "$got" = "$expected" ] && pass "hash-generator = sha256sum ($expected)" || fail "hash-generator: $got, sha256sum: $expected"

# A background removal, against the answer committed in examples.json (computed on the host).
jq -c '.[0].request' src/tools/background-remover/examples.json >"$work/removal.json"
jq -c '.[0].response.body' src/tools/background-remover/examples.json >"$work/removal-expected.json"
removal_status="$(curl -s -o "$work/removal-answer.json" -w '%{http_code}' "$url/api/background-remover" -H 'Content-Type: application/json' --data-binary "@$work/removal.json")"
if [ "$removal_status" = 200 ] && node -e '
  const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8")));
  if (a.width !== b.width || a.height !== b.height) process.exit(1);
  // The same model on another CPU may differ in the last bit of a few alpha values: decode both
  // PNGs (zlib, no filter-aware diff needed at this size) and allow a tiny difference.
  const zlib = require("zlib");
  const pixels = (b64) => { const png = Buffer.from(b64, "base64"); const idat = []; let o = 8;
    while (o < png.length) { const n = png.readUInt32BE(o), t = png.toString("latin1", o + 4, o + 8);
      if (t === "IDAT") idat.push(png.subarray(o + 8, o + 8 + n)); o += 12 + n; }
    return zlib.inflateSync(Buffer.concat(idat)); };
  if (a.image === b.image) process.exit(0);
  const x = pixels(a.image), y = pixels(b.image);
  let diff = 0; for (let i = 0; i < x.length; i++) diff += x[i] !== y[i];
  process.exit(x.length === y.length && diff / x.length < 0.01 ? 0 : 1);
' "$work/removal-answer.json" "$work/removal-expected.json"; then
  pass "background-remover: 200, the committed example's answer"
else
  fail "background-remover: $removal_status $(head -c 300 "$work/removal-answer.json")"
fi

# The hardening holds inside: no capability, a read-only root, not root.
uid="$(podman exec "$NAME" node -e 'process.stdout.write(String(process.getuid()))' 2>&1)"
[ "$uid" = 1000 ] && pass "runs as uid $uid" || fail "runs as uid $uid"
capeff="$(podman exec "$NAME" sh -c 'grep CapEff /proc/1/status' 2>&1 | awk '{print $2}')"
[ "$capeff" = 0000000000000000 ] && pass "no capabilities (CapEff $capeff)" || fail "capabilities: $capeff"
if podman exec "$NAME" sh -c 'touch /app/written 2>/dev/null || touch /written 2>/dev/null'; then fail "the root filesystem is writable"; else pass "root filesystem read-only"; fi

# The server's own log is JSON lines only (stdout and stderr).
nonjson="$(podman logs "$NAME" 2>&1 | node -e '
  const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
  process.stdout.write(lines.filter((l) => { try { JSON.parse(l); return false; } catch { return true; } }).join("\n"));
')"
[ -z "$nonjson" ] && pass "log: JSON lines only" || fail "log lines that are not JSON: $(echo "$nonjson" | head -3)"

# A clean stop: SIGTERM while a heavy request runs (an upscale in the worker pool, a few
# seconds); it is still answered, then the process exits 0 within the grace period.
node -e 'const fs = require("fs");
  const image = fs.readFileSync("tests/fixtures/images/quadrants.png").toString("base64");
  fs.writeFileSync(process.argv[1], JSON.stringify({ image, width: 2400, height: 2400, format: "png" }));' "$work/resize.json"
curl -s -o "$work/inflight.json" -w '%{http_code}' "$url/api/image-resizer" -H 'Content-Type: application/json' --data-binary "@$work/resize.json" >"$work/inflight.status" &
inflight=$!
for _ in $(seq 1 200); do
  curl -s "$url/metrics" | grep -q -E '^devtoolbox_pool_busy_workers [1-9]' && break
  sleep 0.05
done
stop_started=$SECONDS
podman stop -t "$GRACE_SECONDS" "$NAME" >/dev/null 2>&1
stop_seconds=$((SECONDS - stop_started))
wait "$inflight"
exit_code="$(podman inspect --format '{{.State.ExitCode}}' "$NAME")"
inflight_status="$(cat "$work/inflight.status")"
if [ "$inflight_status" = 200 ] && [ "$(jq -r .width "$work/inflight.json")" = 2400 ]; then
  pass "the request in flight at SIGTERM was answered 200"
else
  fail "the request in flight at SIGTERM: $inflight_status $(head -c 200 "$work/inflight.json")"
fi
if [ "$exit_code" = 0 ] && [ "$stop_seconds" -lt "$GRACE_SECONDS" ]; then
  pass "SIGTERM: exit 0 after $stop_seconds s (grace $GRACE_SECONDS s)"
else
  podman logs "$NAME" 2>&1 | tail -5
  fail "SIGTERM: exit $exit_code after $stop_seconds s (grace $GRACE_SECONDS s)"
fi

summary
[ "$failed" = 0 ]
