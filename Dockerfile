# syntax=docker/dockerfile:1
# Lames server image: builds rules, server and client, then runs the server
# (which serves the built client) with production dependencies only.

# --- build -------------------------------------------------------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first, so that the npm ci layer is cached while only sources change.
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/server/package.json packages/server/
COPY packages/client/package.json packages/client/
RUN npm ci
COPY packages/ packages/
RUN npm run build

# --- runtime -----------------------------------------------------------------------
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=2567
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/server/package.json packages/server/
COPY packages/client/package.json packages/client/
# Production dependencies of every workspace; the workspaces themselves are symlinked.
RUN npm ci --omit=dev --workspaces --include-workspace-root \
    && npm cache clean --force
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/client/dist packages/client/dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 2567
CMD ["node","packages/server/dist/main.js"]
