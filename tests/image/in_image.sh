#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# in_image.sh BUNDLE [--entrypoint] COMMAND [ARGS...]: runs a command from
# an unpacked image (`umoci unpack`: BUNDLE/rootfs and BUNDLE/config.json,
# the runtime configuration umoci derives from the image's config) as a
# container runtime would, without one: chrooted into the image's root
# filesystem, as the image's user and groups, in its working directory,
# with its environment only, and /proc, /dev/{null,zero,full,random,
# urandom,tty} and a /dev/shm mounted in a mount namespace of its own (gone
# when the command ends). The network is the caller's: run it under
# `ip netns exec` for another one. With --entrypoint, ARGS follow the
# image's entrypoint (as `docker run IMAGE ARGS`); otherwise COMMAND
# replaces it (as a Kubernetes container's `command:`).
# IMAGE_PASS_ENV: names of variables passed into the command's environment
# (a pod's env: JOB_COMPLETION_INDEX, MYSQL_PWD, ...). Run as root.
set -euo pipefail
die() { echo "in_image.sh: $*" >&2; exit 125; }
[ $# -ge 2 ] || die "usage: in_image.sh BUNDLE [--entrypoint] COMMAND [ARGS...]"
bundle=$1
shift
root="$bundle/rootfs"
[ -f "$bundle/config.json" ] && [ -d "$root" ] || die "$bundle is no unpacked image (no config.json, rootfs)"
# The process of the runtime configuration, as shell assignments.
proc=$(python3 - "$bundle/config.json" <<'PY'
import json, shlex, sys
p = json.load(open(sys.argv[1]))["process"]
u = p["user"]
q = lambda xs: "(" + " ".join(shlex.quote(x) for x in xs) + ")"
print("userspec=%d:%d" % (u["uid"], u["gid"]))
print("groups=" + ",".join(str(g) for g in [u["gid"]] + u.get("additionalGids", [])))
print("cwd=" + shlex.quote(p.get("cwd", "/")))
print("env=" + q(p.get("env", [])))
print("args=" + q(p.get("args", [])))
PY
) || die "$bundle/config.json: cannot read its process"
eval "$proc"
if [ "$1" = --entrypoint ]; then
    shift
    # config.json's args are the entrypoint and then the cmd: ARGS replace
    # the cmd (this image's entrypoint is one word, bench).
    cmd=("${args[0]}" "$@")
else
    cmd=("$@")
fi
for v in ${IMAGE_PASS_ENV:-}; do
    [ -n "${!v+x}" ] && env+=("$v=${!v}")
done

# The device nodes a runtime binds: placeholders to mount on.
for n in null zero full random urandom tty; do
    [ -e "$root/dev/$n" ] || : >"$root/dev/$n" || die "cannot create $root/dev/$n"
done
mkdir -p "$root/dev/shm" "$root/proc"
exec unshare --mount --propagation private -- /bin/sh -c '
    r=$1 userspec=$2 groups=$3 cwd=$4
    shift 4
    mount -t proc proc "$r/proc" || exit 125
    for n in null zero full random urandom tty; do
        mount --bind "/dev/$n" "$r/dev/$n" || exit 125
    done
    mount -t tmpfs -o mode=1777,size=64m shm "$r/dev/shm" || exit 125
    exec chroot --userspec="$userspec" --groups="$groups" "$r" "$@"
' in_image "$root" "$userspec" "$groups" "$cwd" \
    /usr/bin/env -i -C "$cwd" "${env[@]}" "${cmd[@]}"
