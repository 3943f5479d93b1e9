fileio: missing and short test files, a full disk, an unwritable directory:
one clear error, status 1, and no file other than test_file.N touched.

  $ args="fileio --file-num=2 --file-total-size=1M"

Missing files, and files shorter than the options say:

  $ "$BENCH" $args --file-test-mode=rndrd run > out
  [1]
  $ tail -n 2 out
  FATAL: Cannot open file 'test_file.0' errno = 2 (No such file or directory)
  WARNING: Did you forget to run the prepare step?
  $ "$BENCH" $args prepare > /dev/null
  $ "$BENCH" fileio --file-num=2 --file-total-size=4M --file-test-mode=seqrd run > out
  [1]
  $ tail -n 2 out
  FATAL: Size of file 'test_file.0' is 512KiB, but at least 2MiB is expected.
  WARNING: Did you run 'prepare' with different --file-total-size or --file-num values?
  $ truncate -s 100000 test_file.1
  $ "$BENCH" $args --file-test-mode=rndrd --file-io-mode=mmap run > out
  [1]
  $ tail -n 2 out
  FATAL: Size of file 'test_file.1' is 97.656KiB, but at least 512KiB is expected.
  WARNING: Did you run 'prepare' with different --file-total-size or --file-num values?
  $ "$BENCH" $args prepare | tail -n 3
  Reusing existing file test_file.0
  Extending existing file test_file.1
  425984 bytes written in * seconds (* MiB/sec). (glob)
  $ "$BENCH" $args cleanup > /dev/null

A full disk while preparing (test_file.1 is /dev/full, where every write
fails with ENOSPC) and while running (a file size limit, with SIGXFSZ
ignored so that writes fail with EFBIG instead of killing the process):

  $ ln -s /dev/full test_file.1
  $ "$BENCH" $args prepare
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  2 files, 512Kb each, 1Mb total
  Creating files for the test...
  Extra file open flags: (none)
  Creating file test_file.0
  Creating file test_file.1
  FATAL: Failed to write file! file: test_file.1 pos: 0 errno = 28 (No space left on device)
  [1]
  $ rm test_file.1
  $ (trap '' XFSZ; ulimit -f 600; "$BENCH" $args --file-test-mode=seqwr --time=0 --events=1000 run > out)
  [1]
  $ tail -n 1 out
  FATAL: Failed to write file! file: test_file.0 pos: 294912 errno = 27 (File too large)
  $ (trap '' XFSZ; ulimit -f 600; "$BENCH" $args --file-test-mode=seqwr --threads=4 --time=0 --events=1000 run > out)
  [1]
  $ grep -c FATAL out
  1
  $ (trap '' XFSZ; ulimit -f 600; "$BENCH" $args --file-test-mode=seqwr --file-io-mode=async --time=0 --events=1000 run > out)
  [1]
  $ tail -n 1 out
  FATAL: Asynchronous write failed! file: test_file.0 pos: 294912 (12288 of 16384 bytes): is the disk full?
  $ ls -l test_file.* | awk '{ print $5, $NF }'
  307200 test_file.0
  307200 test_file.1
  $ "$BENCH" $args cleanup > /dev/null

An unwritable directory (run as nobody when the tests run as root, who may
write anywhere):

  $ asuser() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; else "$@"; fi; }
  $ chmod 755 "$CRAMTMP" . 2>/dev/null; mkdir ro && chmod 555 ro && cd ro
  $ asuser "$BENCH" $args prepare > ../out
  [1]
  $ tail -n 1 ../out
  FATAL: Can't open file 'test_file.0' errno = 13 (Permission denied)
  $ asuser "$BENCH" $args --file-test-mode=seqwr run > ../out
  [1]
  $ tail -n 1 ../out
  FATAL: Cannot create file 'test_file.0' errno = 13 (Permission denied)
  $ chmod 755 . && touch test_file.1 && chmod 555 .
  $ asuser "$BENCH" $args cleanup
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  Removing test files...
  FATAL: Cannot remove file 'test_file.1' errno = 13 (Permission denied)
  [1]
  $ ls
  test_file.1
  $ cd .. && chmod 755 ro && rm -r ro out
