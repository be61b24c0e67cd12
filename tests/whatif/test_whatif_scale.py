"""One batch runner for selfplay, match and the What-if lab (issue 32): the same seeds give the
same results in this process, on 2 local worker processes and on a real Dask LocalCluster."""

from __future__ import annotations

import pytest

from hellenes_nb.batch import play_all
from hellenes_nb.bots.match import run_match
from hellenes_nb.selfplay import run as selfplay
from hellenes_nb.whatif import WhatIf

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as c:
        yield c


def _table(tmp_path, **kw):
    return WhatIf("sicilian-expedition-415-413", games=3, seed=11, use_cache=False,
                  cache_dir=tmp_path, **kw).run().frame.drop("seconds")


def test_lab_tables_identical_in_process_two_workers_and_on_a_local_cluster(tmp_path,
                                                                             cluster):
    here = _table(tmp_path, workers=1)
    assert _table(tmp_path, workers=2).equals(here)
    assert _table(tmp_path, cluster=cluster.scheduler_address).equals(here)


def test_selfplay_and_match_the_same_on_the_cluster(cluster):
    def strip(rs, drop):
        return [{k: v for k, v in r.items() if k not in drop} for r in rs]
    a = selfplay("sicily", 3, 5, max_decisions=300)["results"]
    b = selfplay("sicily", 3, 5, max_decisions=300, cluster=cluster.scheduler_address)["results"]
    assert strip(a, {"seconds"}) == strip(b, {"seconds"})
    drop = {"seconds", "a_ms", "a_ms_per_decision", "b_ms_per_decision"}
    m = run_match("heuristic", "random", 2, seed=3, scenario="sicily")["results"]
    n = run_match("heuristic", "random", 2, seed=3, scenario="sicily",
                  cluster=cluster.scheduler_address)["results"]
    assert strip(m, drop) == strip(n, drop)


def test_results_keep_the_jobs_order_whichever_finishes_first(cluster):
    jobs = list(range(6))
    assert play_all(_square, jobs, workers=2, desc="", progress=False, chunksize=2) == \
        [j * j for j in jobs]
    assert play_all(_square, jobs, workers=1, desc="", progress=False,
                    cluster=cluster.scheduler_address) == [j * j for j in jobs]


def _square(x):
    return x * x


def test_a_cluster_that_does_not_answer_is_refused_in_words(monkeypatch):
    monkeypatch.setattr("hellenes_nb.batch.CLUSTER_TIMEOUT", 1)
    with pytest.raises(ValueError, match="cannot reach a Dask scheduler at tcp://127.0.0.1:9"):
        play_all(_square, [1], workers=1, desc="", progress=False,
                 cluster="tcp://127.0.0.1:9")
