"""Fixtures for the multi-instance suite: one throwaway PostgreSQL cluster for the session; for every test a
fresh database, three `web` instances on it (separate data dirs, started together) and nginx in front."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from mikit import STAFF_TOKEN, Cluster, Nginx, Shop, instance_args, start_instances
from rckit import Server, free_port, web_binary

INSTANCES = 3


@pytest.fixture(scope="session", autouse=True)
def _tools_exist():
    binary = web_binary()
    if not binary.exists():
        pytest.exit(f"no web binary at {binary}", returncode=1)
    if not shutil.which("nginx") and not os.path.exists("/usr/sbin/nginx"):
        pytest.exit("nginx is not installed (Debian: apt-get install nginx-light)", returncode=1)
    if not shutil.which("psql"):
        pytest.exit("psql is not installed (Debian: apt-get install postgresql)", returncode=1)
    help_text = subprocess.run([str(binary), "serve", "--help"], capture_output=True, text=True, timeout=30).stdout
    for flag in ("--database-url", "--metrics-port", "--trusted-proxy"):
        if flag not in help_text:
            pytest.exit(f"`web serve --help` has no {flag}: this binary cannot run several instances", returncode=1)


@pytest.fixture(scope="session")
def cluster():
    """The run script names the folder (RC_CLUSTER_DIR) so it can stop the cluster if the suite is interrupted."""
    own = not os.environ.get("RC_CLUSTER_DIR")
    directory = Path(os.environ.get("RC_CLUSTER_DIR") or tempfile.mkdtemp(prefix="rc-mi-postgres-"))
    cluster = Cluster(directory)
    cluster.start()
    yield cluster
    try:
        cluster.stop()
    finally:
        if own:
            shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def workdir(request):
    """A folder for this test's data dirs, logs and nginx config; kept (and named) when the test fails."""
    path = Path(tempfile.mkdtemp(prefix="rc-mi-"))
    os.chmod(path, 0o755)
    yield path
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        print(f"\n(kept {path} for a look)")
    else:
        shutil.rmtree(path, ignore_errors=True)


class ShopFactory:
    def __init__(self, cluster: Cluster, workdir: Path):
        self.cluster = cluster
        self.workdir = workdir
        self.shops: list[Shop] = []

    def __call__(self, extra_args: list[str] | None = None, instances: int = INSTANCES, metrics: bool = True) -> Shop:
        database, url = self.cluster.create_database()
        metrics_ports = [free_port() if metrics else None for _ in range(instances)]
        servers = [Server(self.workdir / f"data-{n}", log_path=self.workdir / f"instance-{n}.log",
                          staff_token=STAFF_TOKEN, args=instance_args(url, metrics_ports[n - 1], extra_args))
                   for n in range(1, instances + 1)]
        nginx = Nginx(self.workdir / "nginx", [server.port for server in servers])
        shop = Shop(self.workdir, self.cluster, database, url, servers, metrics_ports, nginx)
        self.shops.append(shop)
        start_instances(servers)
        nginx.start()
        return shop

    def stop_all(self) -> None:
        for shop in self.shops:
            shop.nginx.stop()
            for server in shop.instances:
                server.stop(timeout=15)
            self.cluster.drop_database(shop.database)


@pytest.fixture
def shops(cluster, workdir, request):
    factory = ShopFactory(cluster, workdir)
    try:
        yield factory
    finally:
        report = getattr(request.node, "rep_call", None)
        failed = report is None or report.failed
        if failed:
            for shop in factory.shops:
                print("\n" + shop.diagnostics())
        factory.stop_all()


@pytest.fixture
def shop(shops):
    """Three instances on a fresh database behind nginx, with the default (bundled) catalog."""
    return shops()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)
