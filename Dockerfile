# syntax=docker/dockerfile:1
# Build on the Swift toolchain image, run on a slim Debian with only what the binary needs.
FROM swift:6.1-bookworm AS build
WORKDIR /build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product web --static-swift-stdlib \
    && mkdir -p /staging \
    && cp "$(swift build -c release --show-bin-path)/web" /staging/ \
    && cp -R "$(swift build -c release --show-bin-path)/RecipeCart_RecipeCartServices.resources" /staging/

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 zlib1g ca-certificates curl tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /app --uid 10001 recipecart
WORKDIR /app
COPY --from=build /staging/ /app/
COPY Templates ./Templates
COPY Public ./Public
RUN mkdir -p /data && chown recipecart:recipecart /data
USER 10001
# The image is meant to run behind HTTPS: cookies are Secure and carry the __Host- prefix.
ENV RECIPECART_HOST=0.0.0.0 \
    RECIPECART_PORT=8080 \
    RECIPECART_SECURE_COOKIES=true \
    RECIPECART_DATA_DIR=/data \
    RECIPECART_RESOURCES_DIR=/app
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["curl", "-fsS", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/app/web"]
CMD ["serve"]
