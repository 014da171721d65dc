# The Node server as a container (README "Deploy"). Three stages so the image that runs holds
# only what runs: the production dependencies (onnxruntime-node and the background-removal model
# among them: nothing is downloaded at run time), the built app (dist/) and the built server
# (dist-server/). The build tools (Vite, Svelte, TypeScript, sharp, Playwright's runner) stay in
# the build stage.
# No `# syntax=` line: BuildKit would fetch that frontend from a registry before building, and
# the plain Dockerfile syntax here needs none (podman/buildah ignore it anyway).
#
# NODE_IMAGE: the base of every stage. The official slim image by default; any image with node,
# npm and a `node` user (uid 1000) at /usr/local/bin works, such as the local one
# scripts/container-test.sh makes with debootstrap where no registry can be reached.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: every dependency, then `npm run build` (app → dist/, server → dist-server/)
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The lock file alone first, so a change of source does not reinstall the dependencies.
COPY package.json package-lock.json .npmrc ./
COPY vendor/ vendor/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- deps: production dependencies only (no dev tools in the image)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The vendor/ WASM builds are `file:` packages of the lockfile: npm wants their folders present
# even when it leaves dev dependencies out (the server runs the copies in dist-server/assets/).
COPY vendor/ vendor/
# onnxruntime-node ships its native library for every platform (macOS, Windows, Linux; x64 and
# arm64: about 290 MB); the image keeps only the one it runs on (about 45 MB), and fails to
# build if that one is missing.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && keep="$(node -p 'process.platform + "/" + process.arch')" \
 && for dir in node_modules/onnxruntime-node/bin/napi-v*/*/*; do \
      case "$dir" in */"$keep") ;; *) rm -rf "$dir" ;; esac; \
    done \
 && find node_modules/onnxruntime-node/bin -mindepth 2 -type d -empty -delete \
 && ls node_modules/onnxruntime-node/bin/napi-v*/"$keep"/onnxruntime_binding.node

# ---- run
FROM ${NODE_IMAGE} AS run
# OCI annotations (https://github.com/opencontainers/image-spec/blob/main/annotations.md).
# VERSION follows package.json (tests/scale/deploy.test.ts checks it); REVISION and CREATED are
# set by whoever builds (scripts/container-test.sh passes the git commit and the time).
ARG VERSION=1.0.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="devtoolbox" \
      org.opencontainers.image.description="Developer utilities behind one JSON API: the Node server, its app and MCP over HTTP." \
      org.opencontainers.image.licenses="AGPL-3.0-or-later" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.documentation="README.md (Deploy), docs/deploy.md"
ENV NODE_ENV=production \
    PORT=8787 \
    HOST=0.0.0.0 \
    ACCESS_LOG=on \
    RATE_LIMIT=on
WORKDIR /app
# The image's own unprivileged user (uid 1000, made by the node image): the server needs no
# privilege (port 8787 is above 1024) and writes nothing but its logs to stdout.
COPY --from=deps --chown=root:root /app/node_modules/ node_modules/
COPY --from=deps --chown=root:root /app/vendor/ vendor/
COPY --from=build --chown=root:root /src/package.json /src/LICENSE.md ./
COPY --from=build --chown=root:root /src/dist/ dist/
COPY --from=build --chown=root:root /src/dist-server/ dist-server/
USER node
EXPOSE 8787
# Liveness without curl: Node's own fetch against the process's /healthz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): it finishes requests in flight, then exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/main.js"]
