fileio on a really full disk: a 1 MiB tmpfs (needs root; skipped when the
mount is refused). Preparing more than fits, and writing in every I/O mode
into files whose blocks were given back to a file system that a filler
file then filled, each end with one FATAL line naming the file, status 1
and nothing on stderr: no crash, no hang, no second error.

  $ mkdir full && mount -t tmpfs -o size=1m tmpfs full 2>/dev/null || exit 80
  $ mnt=$PWD/full && trap 'cd / && umount "$mnt"' EXIT
  $ cd full
  $ args="fileio --file-num=2 --file-total-size=4M"
  $ "$BENCH" $args prepare > ../out 2> ../err
  [1]
  $ cat ../out ../err
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  2 files, 2048Kb each, 4Mb total
  Creating files for the test...
  Extra file open flags: (none)
  Creating file test_file.0
  FATAL: Failed to write file! file: test_file.0 pos: 1048576 errno = 28 (No space left on device)
  $ "$BENCH" $args cleanup | tail -n 1
  Removing test files...
  $ ls

Runs: 512 KiB of files, a hole punched in the first half of each, and the
space it freed taken by a filler, so a write into a hole needs a block the
file system no longer has (a full disk under a database's data files).

  $ args="fileio --file-num=2 --file-total-size=512K"
  $ full_run() {
  >   "$BENCH" $args prepare > /dev/null || return
  >   fallocate -p -o 0 -l 256K test_file.0 && fallocate -p -o 0 -l 256K test_file.1
  >   dd if=/dev/zero of=filler bs=4k 2> /dev/null
  >   timeout 60 "$BENCH" $args --time=5 "$@" run > ../out 2> ../err
  >   echo "status $? FATAL lines $(grep -c FATAL ../out)"
  >   grep FATAL ../out
  >   cat ../err
  >   rm filler
  > }
  $ full_run --file-test-mode=rndwr
  status 1 FATAL lines 1
  FATAL: Failed to write file! file: test_file.? pos: * errno = 28 (No space left on device) (glob)
  $ full_run --file-test-mode=rndrw --threads=2
  status 1 FATAL lines 1
  FATAL: Failed to write file! file: test_file.? pos: * errno = 28 (No space left on device) (glob)
  $ full_run --file-test-mode=rndwr --file-io-mode=async
  status 1 FATAL lines 1
  FATAL: Asynchronous write failed! file: test_file.? pos: * errno = 28 (No space left on device) (glob)
  $ full_run --file-test-mode=rndwr --file-io-mode=mmap
  status 1 FATAL lines 1
  FATAL: Failed to write file! file: test_file.? pos: *: no space for the mapped page; is the disk full? (glob)
  $ full_run --file-test-mode=seqwr
  status 1 FATAL lines 1
  FATAL: Failed to write file! file: test_file.0 pos: 0 errno = 28 (No space left on device)

cleanup removes the test files and nothing else.

  $ touch other
  $ "$BENCH" $args cleanup | tail -n 1
  Removing test files...
  $ ls
  other
