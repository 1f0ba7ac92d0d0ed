# syntax=docker/dockerfile:1
# The site's server in a container: the site is built in the image, and the front server
# (`npm run serve`, which serves static and sign-in builds alike) runs as the unprivileged `node` user. Secrets come from the environment at run time
# only; nothing secret is passed to the build. See "Operating the server" in README.md.
#
#   docker build -t caravan-docs .
#   docker run --rm -p 4321:4321 -e CARAVAN_DOCS_AUTH_SECRET="$(openssl rand -base64 33)" caravan-docs

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json .puppeteerrc.cjs ./
RUN npm ci --no-audit --no-fund
COPY . .
# Sign-in on (gated pages served after the role check): `true` here unless config/site.yml decides
# (pass an empty value); a static build is served by the same front server.
ARG CARAVAN_DOCS_AUTH_ENABLED=true
ARG CARAVAN_DOCS_AUTH_REQUIRE_LOGIN=
RUN for name in CARAVAN_DOCS_AUTH_ENABLED CARAVAN_DOCS_AUTH_REQUIRE_LOGIN; do \
      if [ -z "$(printenv "$name")" ]; then unset "$name"; fi; \
    done; \
    npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1 HOST=0.0.0.0 PORT=4321
# The server reads config/ and content/ for its start-up check and imports Astro's runtime from
# node_modules; the files stay owned by root, so the server cannot change them.
COPY --from=build /app /app
USER node
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 4321}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains in-flight requests on SIGTERM (CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS, default 8 s,
# under Docker's 10 s before SIGKILL). Node runs as PID 1 itself, so the signal reaches it.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.ts"]
