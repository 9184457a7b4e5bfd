# Scorekeeper served by gunicorn on port 8000, its instance folder (SQLite database, secret
# key, backups) in the volume /data. docs/deploy.md says how to run it.
#
#   docker build -t scorekeeper .
#   docker run -d -p 127.0.0.1:8000:8000 -v scorekeeper:/data scorekeeper

# The wheel is built apart, so the image holds the installed package and not its sources.
FROM python:3.12-slim-bookworm AS wheel
WORKDIR /src
COPY . .
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.12-slim-bookworm
# WeasyPrint's libraries and fonts for the printed sheets: the list `make run` checks.
COPY .ci/system-deps /usr/local/lib/scorekeeper/system-deps
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        $(/usr/local/lib/scorekeeper/system-deps list run) \
    && rm -rf /var/lib/apt/lists/*
COPY --from=wheel /wheels /wheels
# The wheel by its file name: an index may hold another project of the same name.
RUN wheel=$(ls /wheels/scorekeeper-*.whl) \
    && pip install --no-cache-dir "${wheel}[postgres]" \
    && rm -rf /wheels
COPY deploy/gunicorn.conf.py /etc/scorekeeper/gunicorn.conf.py

RUN useradd --system --create-home --uid 10001 scorekeeper \
    && install -d -o scorekeeper -g scorekeeper -m 700 /data
ENV SCOREKEEPER_INSTANCE=/data \
    PYTHONUNBUFFERED=1
VOLUME /data
WORKDIR /data
USER scorekeeper
EXPOSE 8000

# Bring the database to the newest schema, then serve on every interface of the container.
CMD ["sh", "-c", "scorekeeper db upgrade && exec gunicorn -c /etc/scorekeeper/gunicorn.conf.py -b 0.0.0.0:8000 scorekeeper.wsgi:app"]
