fileio --file-extra-flags=direct: a block size the device cannot take, and a
file system that refuses O_DIRECT. The second part mounts a ramfs, so it
needs root (the test is skipped otherwise), as does a scratch directory
whose file system refuses O_DIRECT itself.

  $ args="fileio --file-num=1 --file-total-size=1M --file-extra-flags=direct"
  $ "$BENCH" $args prepare > out || exit 80
  $ tail -n 2 out
  Creating file test_file.0
  1048576 bytes written in * seconds (* MiB/sec). (glob)
  $ "$BENCH" $args --file-test-mode=rndrd --events=10 run | grep -E 'directio|reads/s'
  Extra file open flags: directio
      reads/s:                      [0-9]+\.[0-9]{2} (re)
  $ "$BENCH" $args --file-block-size=1000 --file-test-mode=rndrd --events=10 run > out
  [1]
  $ tail -n 1 out
  FATAL: (--file-block-size=1000 is not a multiple of [0-9]+, the direct I/O alignment of 'test_file.0'|Failed to (read|write) file! .*errno = 22 .*) (re)
  $ "$BENCH" $args --file-block-size=1000 prepare > out
  [1]
  $ tail -n 1 out
  FATAL: (--file-block-size=1000 is not a multiple of [0-9]+, the direct I/O alignment of 'test_file.0'|Failed to (read|write) file! .*errno = 22 .*) (re)
  $ "$BENCH" $args cleanup > /dev/null

  $ mkdir ramfs && mount -t ramfs ramfs ramfs 2>/dev/null || exit 80
  $ cd ramfs
  $ "$BENCH" $args prepare > ../out
  [1]
  $ tail -n 2 ../out
  FATAL: Can't open file 'test_file.0' errno = 22 (Invalid argument)
  WARNING: The file system does not support O_DIRECT: run without --file-extra-flags=direct or use another directory
  $ ls
  $ "$BENCH" fileio --file-num=1 --file-total-size=1M prepare > /dev/null
  $ "$BENCH" $args --file-test-mode=rndrd run > ../out
  [1]
  $ tail -n 2 ../out
  FATAL: Cannot open file 'test_file.0' errno = 22 (Invalid argument)
  WARNING: The file system does not support O_DIRECT: run without --file-extra-flags=direct or use another directory
  $ cd .. && umount ramfs
