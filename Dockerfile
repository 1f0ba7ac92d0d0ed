# syntax=docker/dockerfile:1
# This repository's site (the Caravan sample) in a container: built in the first stage, served by
# the front server (`caravan-docs serve`, which serves static and sign-in builds alike) as the
# unprivileged `node` user. Only the packages a site needs to build and run are installed
# (`dependencies`, not the test tools). Secrets come from the environment at run time only;
# nothing secret is passed to the build. A site of your own uses the recipe in the manual
# (docs/: Deploying > Docker), which installs caravan-docs from npm.
#
#   docker build -t caravan-docs .
#   docker run --rm -p 4321:4321 -e CARAVAN_DOCS_AUTH_SECRET="$(openssl rand -base64 33)" caravan-docs

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund
COPY . .
# Sign-in on (gated pages served after the role check): `true` here unless config/site.yml decides
# (pass an empty value); a static build is served by the same front server.
ARG CARAVAN_DOCS_AUTH_ENABLED=true
ARG CARAVAN_DOCS_AUTH_REQUIRE_LOGIN=
RUN for name in CARAVAN_DOCS_AUTH_ENABLED CARAVAN_DOCS_AUTH_REQUIRE_LOGIN; do \
      if [ -z "$(printenv "$name")" ]; then unset "$name"; fi; \
    done; \
    node src/cli/caravan-docs.js build

FROM node:24-bookworm-slim
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1 HOST=0.0.0.0 PORT=4321
# What the server runs: the run-time packages, the engine's code, the build, and config/ and
# content/ (read for the start-up check). Owned by root, so the server cannot change them.
COPY --from=build /app/package.json /app/
COPY --from=build /app/node_modules /app/node_modules
COPY --from=build /app/src /app/src
COPY --from=build /app/config /app/config
COPY --from=build /app/content /app/content
COPY --from=build /app/dist /app/dist
USER node
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 4321}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains in-flight requests on SIGTERM (CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS, default 8 s,
# under Docker's 10 s before SIGKILL). Node runs as PID 1 itself, so the signal reaches it.
STOPSIGNAL SIGTERM
CMD ["node", "src/cli/caravan-docs.js", "serve"]
