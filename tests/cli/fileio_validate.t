fileio --validate: prepare writes checksummed blocks (random bytes, CRC-32,
offset: sysbench's layout), every read verifies them, and a block corrupted
on purpose stops the run with sysbench's messages and status 1, in each I/O
mode.

  $ args="fileio --file-num=2 --file-total-size=1M --validate"
  $ "$BENCH" $args prepare
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  2 files, 512Kb each, 1Mb total
  Creating files for the test...
  Extra file open flags: (none)
  Creating file test_file.0
  Creating file test_file.1
  1048576 bytes written in * seconds (* MiB/sec). (glob)
  $ "$BENCH" $args --file-test-mode=seqrd --events=64 run | grep -E 'checksums|FATAL|reads/s'
  Using checksums validation.
      reads/s:                      [0-9]+\.[0-9]{2} (re)
  $ "$BENCH" $args --file-test-mode=rndrw --events=500 run | grep -E 'FATAL|events:'
      total number of events:              500
  $ "$BENCH" $args --file-test-mode=seqrewr --file-merged-requests=3 --events=100 run | grep -E 'FATAL|events:'
      total number of events:              100
  $ "$BENCH" $args --file-test-mode=seqrd --file-merged-requests=3 --events=100 run | grep -E 'FATAL|events:'
      total number of events:              100

Corrupt one byte of the second block of test_file.1 (inverted, so that it
always changes: writing a fixed byte left the block intact one time in 256):

  $ python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(20000); b = f.read(1); f.seek(20000); f.write(bytes([b[0] ^ 0xff]))' test_file.1
  $ "$BENCH" $args --file-test-mode=seqrd run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Validation checks: on.
  
  Initializing random number generator from current time
  
  
  Extra file open flags: (none)
  2 files, 512KiB each
  1MiB total file size
  Block size 16KiB
  Periodic FSYNC enabled, calling fsync() each 100 requests.
  Calling fsync() at the end of test, Enabled.
  Using synchronous I/O mode
  Using checksums validation.
  Doing sequential read test
  Initializing worker threads...
  
  Threads started!
  
  FATAL: Checksum mismatch in block with offset: 16384
  FATAL:     Calculated value: 0x*    Stored value: 0x* (glob)
  FATAL: Validation failed on file 1, block offset 16384, exiting...
  [1]
  $ "$BENCH" $args --file-test-mode=seqrd --file-io-mode=async run > out
  [1]
  $ grep FATAL out
  FATAL: Checksum mismatch in block with offset: 16384
  FATAL:     Calculated value: 0x*    Stored value: 0x* (glob)
  FATAL: Validation failed on file 1, block offset 16384, exiting...
  $ "$BENCH" $args --file-test-mode=seqrd --file-io-mode=mmap run > out
  [1]
  $ grep FATAL out
  FATAL: Checksum mismatch in block with offset: 16384
  FATAL:     Calculated value: 0x*    Stored value: 0x* (glob)
  FATAL: Validation failed on file 1, block offset 16384, exiting...
  $ "$BENCH" $args --file-test-mode=seqrd --threads=4 run > out
  [1]
  $ grep -c 'Validation failed' out
  1

A block moved to another offset: its checksum holds, its offset does not.

  $ dd if=test_file.0 of=test_file.0 bs=16384 skip=3 seek=5 count=1 conv=notrunc 2>/dev/null
  $ "$BENCH" fileio --file-num=1 --file-total-size=512K --validate --file-test-mode=seqrd run > out
  [1]
  $ grep FATAL out
  FATAL: Offset mismatch in block:
  FATAL:    Actual offset: 81920    Stored offset: 49152
  FATAL: Validation failed on file 0, block offset 81920, exiting...
  $ "$BENCH" $args cleanup > /dev/null
  $ rm out; ls
