--results on a really full disk: a 64 KiB tmpfs (needs root; skipped when
the mount is refused). The document is written beside its path and
renamed over it once whole: when the disk fills, in the middle of a run
(each interval goes to a spool beside the path as it happens) or at the
end, the run ends with one FATAL line naming the file and status 1, the
earlier document intact and nothing left beside it.

  $ mkdir full && mount -t tmpfs -o size=64k tmpfs full 2>/dev/null || exit 80
  $ mnt=$PWD/full && trap 'cd / && umount "$mnt"' EXIT
  $ "$BENCH" cpu --time=2 --report-interval=1 --results=full/r.json run > /dev/null
  $ cp full/r.json earlier.json
  $ full_run() {
  >   "$BENCH" cpu --time=2 "$@" --results=full/r.json run > out 2> err
  >   echo "exit $?"
  >   grep FATAL out
  >   cat err
  >   cmp full/r.json earlier.json && ls -A full
  > }

The disk full from the start: the first interval cannot be spooled.

  $ dd if=/dev/zero of=full/filler bs=4k 2> /dev/null
  [1]
  $ full_run --report-interval=1
  exit 1
  FATAL: results: write full/r.json: No space left on device
  filler
  r.json

One page (4 KiB) free: no intervals to spool, but the document (two
pages) does not fit.

  $ rm full/filler && dd if=/dev/zero of=full/filler bs=4k count=$(($(df -k full | awk 'NR == 2 { print $4 }') / 4 - 1)) 2> /dev/null
  $ df -k full | awk 'NR == 2 { print $4 }'
  4
  $ full_run
  exit 1
  FATAL: results: write full/r.json: No space left on device
  filler
  r.json

With room again, the same run replaces it:

  $ rm full/filler
  $ "$BENCH" cpu --time=1 --results=full/r.json run > /dev/null
  $ cmp -s full/r.json earlier.json || ls -A full
  r.json
