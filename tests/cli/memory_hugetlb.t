--memory-hugetlb=on on a host without huge pages: sysbench's two FATAL lines
(the size is the block rounded up to whole 4 MiB pages). Skipped where huge
pages are configured.

  $ [ "$(cat /proc/sys/vm/nr_hugepages 2>/dev/null)" = 0 ] &&
  > [ "$(cat /proc/sys/vm/nr_overcommit_hugepages 2>/dev/null)" = 0 ] || exit 80
  $ $BENCH memory --memory-hugetlb=on --memory-total-size=1M run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Failed to allocate 4194304 bytes from HugeTLB memory. errno = \d+ \(.*\) (re)
  FATAL: Failed to allocate buffer!
  [1]
  $ $BENCH memory --memory-hugetlb=on --memory-scope=local --threads=2 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Failed to allocate 4194304 bytes from HugeTLB memory. errno = \d+ \(.*\) (re)
  FATAL: Failed to allocate buffer for thread #0!
  [1]
