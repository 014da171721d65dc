# syntax=docker/dockerfile:1
# The Node server as a container (README "Deploy"). Three stages so the image that runs holds
# only what runs: the production dependencies (onnxruntime-node and the background-removal model
# among them: nothing is downloaded at run time), the built app (dist/) and the built server
# (dist-server/). The build tools (Vite, Svelte, TypeScript, sharp, Playwright's runner) stay in
# the build stage.
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
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- run
FROM ${NODE_IMAGE} AS run
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
