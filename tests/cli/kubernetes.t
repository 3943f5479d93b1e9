deploy/kubernetes/ runs N bench processes as a Kubernetes Indexed Job
(docs/distributed.md). No cluster here: the manifests are parsed and
checked for what a synchronized run needs, and kubectl's kustomize builds
them when kubectl is installed. tests/db/test_distributed.sh runs the
pods' command itself, as read here, against a local server.

  $ python3 "$BENCH_SRCDIR/tests/dist/k8s.py" check
  ok kustomization lists files that exist
  ok job.yaml and results-pvc.yaml are its resources
  ok an Indexed Job (batch/v1)
  ok completions set, all pods at once (parallelism = completions)
  ok pods never restarted (a late pod would miss the start)
  ok the command is bench ... run
  ok JOB_COMPLETION_INDEX from the completion-index annotation
  ok --start-at, the seed offset from the index, --results per index
  ok every \$\(VAR\) of the command is in the container's env (re)
  ok the config map generator has every key the env reads
  ok results on a shared (ReadWriteMany) volume at BENCH_RESULTS_DIR
  ok merge-job.yaml merges every pod's document from the same volume
  ok pods 0 and 1 differ only in the index
  ok kubectl kustomize.* (re)

Pod 1's command, with the cluster's values given as Kubernetes would
expand them.

  $ python3 "$BENCH_SRCDIR/tests/dist/k8s.py" argv 1 BENCH_DB_PASSWORD=pw BENCH_START_AT=2026-11-26T01:00:00Z | tr '\n' ' '
  bench oltp_read_only --db-driver=mysql --mysql-host=mariadb --mysql-port=3306 --mysql-user=sbtest --mysql-password=pw --mysql-db=sbtest --tables=4 --table_size=10000 --threads=8 --time=60 --report-interval=1 --rand-seed=42 --rand-seed-offset=1 --start-at=2026-11-26T01:00:00Z --results=/results/bench-1.json run  (no-eol)
