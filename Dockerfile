# Parley as one container: the standalone server `npm run build` makes, run by an unprivileged user.
#   docker build -t parley .
#   docker run --rm -p 3000:3000 parley        # then open http://localhost:3000
# Settings are environment variables (README, "Settings"): docker run -e PARLEY_FETCH_DENY=... parley
ARG NODE_VERSION=20

# 1. Dependencies, exactly as the lockfile pins them (dev dependencies included: the build needs them).
#    Only the package files are here (so this layer is cached until they change), and npm ci would
#    run the package's own `prepare`, which bundles the CLI from sources not copied yet: scripts are
#    skipped. No dependency needs its own: esbuild finds its platform binary package without its
#    postinstall, and protobufjs's only prints a notice. The image serves the app, not the CLI.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts

# 2. The build: .next/standalone holds server.js, the traced node_modules it needs, and the static files.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# 3. The image: only the standalone folder, owned by and run as the image's `node` user (uid 1000).
FROM node:${NODE_VERSION}-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) lets fetches in flight finish, or cuts them at their 5 s timeout, then exits.
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
