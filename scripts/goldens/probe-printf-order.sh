#!/usr/bin/env bash
# Runs a device-printf program N times on the GPU and counts the distinct outputs, to tell a
# stable hardware order from a scheduling race. Usage: probe-printf-order.sh FILE.cu [N]
set -u
src=$1; n=${2:-20}
bin=/tmp/probe-$(basename "$src" .cu)
nvcc -O3 -arch=sm_90 -lineinfo -fmad=false -o "$bin" "$src" || exit 1
for i in $(seq "$n"); do "$bin" | md5sum; done | sort | uniq -c
