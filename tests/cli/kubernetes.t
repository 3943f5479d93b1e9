deploy/kubernetes/ runs N bench processes as a Kubernetes Indexed Job
(docs/distributed.md). No cluster here: the manifests are parsed and
checked for what a synchronized run needs, and kubectl's kustomize builds
them when kubectl is installed. tests/db/test_distributed.sh runs the
pods' command itself, as read here, against a local server.

  $ python3 "$BENCH_SRCDIR/tests/dist/k8s.py" check
  ok kustomization lists files that exist
  ok job.yaml, merge-job.yaml and results-pvc.yaml are its resources
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
  ok the merge Job is created suspended (resumed once job/bench completed)
  ok both Jobs' image is the name images: rewrites (bench)
  ok the password comes from the Secret in MYSQL_PWD
  ok no password on a command line under deploy/
  ok run.env's BENCH_START_AT is no time (set before each run): SET-BEFORE-EACH-RUN
  ok pods 0 and 1 differ only in the index
  ok kubectl kustomize.* (re)

Pod 1's command, with the cluster's values given as Kubernetes would
expand them.

  $ python3 "$BENCH_SRCDIR/tests/dist/k8s.py" argv 1 BENCH_START_AT=2026-11-26T01:00:00Z | tr '\n' ' '
  bench oltp_read_only --db-driver=mysql --mysql-host=mariadb --mysql-port=3306 --mysql-user=sbtest --mysql-db=sbtest --tables=4 --table_size=10000 --threads=8 --time=60 --report-interval=1 --rand-seed=42 --rand-seed-offset=1 --start-at=2026-11-26T01:00:00Z --start-late-max=10s --results=/results/bench-1.json run  (no-eol)

With run.env as shipped (no start time set), every pod fails at once,
with one line naming the value to set, instead of waiting for a stale
or made-up time.

  $ python3 "$BENCH_SRCDIR/tests/dist/k8s.py" argv 0 | sed 1d > argv
  $ "$BENCH" $(cat argv)
  FATAL: Invalid value for --start-at: 'SET-BEFORE-EACH-RUN' (expected unix seconds, e.g. 1767225600, or an RFC 3339 time, e.g. 2026-01-01T00:00:00Z)
  [1]
