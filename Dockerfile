# syntax=docker/dockerfile:1
# The shop as a container (docs/operations.md "Containers"); compose.yaml runs two of them behind
# the nginx front door (deploy/nginx.conf).
# Stages: deps (npm ci) → build (next build with NEXT_OUTPUT=standalone; also runs migrations and the
# seed in compose.yaml) → run (only .next/standalone, its static files and public/, as a non-root
# user, with a healthcheck on /api/health?ready).
# The same Node.js major as CI (20), so the container runs what the tests ran; move both together.
# Next.js is stock: package.json pins its exact version and nothing patches it after install.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# The build never opens the database (instrumentation.ts skips the build phase).
RUN npm run build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    UPLOAD_DIR=/app/.data/uploads
RUN groupadd --system --gid 1001 shop && useradd --system --uid 1001 --gid shop --home /app shop \
 && mkdir -p /app/.data/uploads && chown -R shop:shop /app/.data
COPY --from=build --chown=shop:shop /app/.next/standalone ./
COPY --from=build --chown=shop:shop /app/.next/static ./.next/static
COPY --from=build --chown=shop:shop /app/public ./public
USER shop
EXPOSE 3000
# Ready = the database answers (GET /api/health?ready; 503 until then).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health?ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
