# The worker as a container image (Cloud Run and the like; README "Container and Cloud Run"):
# compiled JavaScript on Node 24 LTS, production dependencies only, run as a user without root,
# the SQLite data directory as a volume, a health check on /healthz.
#
#   docker build -t creator-sheets-worker .
#   docker run -p 8080:8080 -v creator-sheets-data:/app/data \
#     -e DISCOVERY_API_URL=https://<api host>/v1 -e DISCOVERY_API_TOKEN=... creator-sheets-worker
#
# `npm run check:container` runs these same steps without Docker, in a clean directory
# (scripts/check-container.ts): keep RUN lines to commands with relative paths, so it can.

# The image runs on the slim Node 24 LTS; the stages that install build on the full one, whose
# python3, make and g++ let better-sqlite3 compile where its prebuilt binary cannot be downloaded
# (same Debian, same Node ABI, so the binary runs on the slim one).
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NODE_BUILD_IMAGE=node:24-bookworm

# The compiled worker (dist/server). Every dependency, for TypeScript; no install scripts, since
# nothing here runs the packages (better-sqlite3's binary is the next stage's business).
FROM ${NODE_BUILD_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.worker.json ./
COPY shared ./shared
COPY worker ./worker
RUN npm run build:worker

# The production dependencies alone, from the lockfile, with better-sqlite3's binary for this Node.
FROM ${NODE_BUILD_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
WORKDIR /app
# PORT: Cloud Run sets its own. Without DISCOVERY_API_URL the worker runs its sandbox, which
# listens on 127.0.0.1 unless HOST=0.0.0.0 is set (the development key would then be reachable).
ENV NODE_ENV=production PORT=8080 DATA_DIR=/app/data
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
# The data directory belongs to the worker's user: uid 1000, the base image's `node` (numeric, so
# a host can check that it is not root).
RUN mkdir -p data && chown 1000:1000 data
USER 1000:1000
VOLUME ["/app/data"]
EXPOSE 8080
# Liveness only: /healthz asks nothing of the store or the API. Node's fetch, as the slim image
# has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as the container's first process: SIGTERM reaches the worker, which drains.
CMD ["node", "dist/server/worker/start.js"]
