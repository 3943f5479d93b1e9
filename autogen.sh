#!/bin/sh
# Regenerates configure and Makefile.in from configure.ac and Makefile.am.
exec autoreconf -fi
