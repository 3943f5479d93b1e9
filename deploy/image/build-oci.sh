#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build-oci.sh: bench's container image as an OCI archive, built without a
# container daemon, from Debian packages only (run as root, Debian 12).
#
#   deploy/image/build-oci.sh [--deb=bench_<version>_<arch>.deb] [OUTDIR]
#
#  1. the Debian package: the one given, or built from the committed tree
#     (git archive of HEAD, dpkg-buildpackage -b, nocheck) as tests/package.sh
#     builds it;
#  2. the root filesystem: mmdebstrap of bookworm (variant apt, as
#     debian:12-slim: what an image that users extend with apt-get needs),
#     from the Debian mirror of the host's apt sources, with the .deb
#     installed (apt pulls its runtime libraries), manual pages, locales and
#     documentation (but bench's own: the examples) left out as in the slim
#     images, the user bench (uid/gid 10001);
#  3. the image: umoci adds that tarball as the one layer and sets the
#     config (entrypoint bench, user 10001, working directory /home/bench)
#     and the OCI labels and annotations (version, source, licenses, title,
#     revision, created);
#  4. OUTDIR/bench-<version>.oci.tar (default build/image/): an OCI image
#     layout, tagged <version>. Load it with `skopeo copy
#     oci-archive:FILE:<version> docker-daemon:bench:<version>` or `podman load`.
#
# Reproducible where it is cheap: every timestamp is SOURCE_DATE_EPOCH (the
# commit's time unless set), mmdebstrap clamps the layer's mtimes and drops
# its logs and apt caches: two builds from the same .deb and mirror state
# give the same archive, byte for byte.
# BENCH_IMAGE_SOURCE (default: the git remote's URL) and
# BENCH_IMAGE_REVISION (default: git rev-parse HEAD) fill the labels.
# Exit 1 with one line naming what failed.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
die() { echo "build-oci.sh: $*" >&2; exit 1; }
t0=$SECONDS

deb=""
out="$top/build/image"
for a in "$@"; do
    case $a in
    --deb=*) deb=$(realpath -e "${a#--deb=}") || die "no such package: ${a#--deb=}" ;;
    -h | --help) sed -n '3,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $a (--deb=FILE, OUTDIR)" ;;
    *) out=$a ;;
    esac
done
[ "$(id -u)" -eq 0 ] || die "run as root (mmdebstrap installs packages into a root filesystem)"

# The tools, from Debian (dpkg-dev and debhelper only to build the .deb).
need="mmdebstrap umoci tar"
[ -n "$deb" ] || need="$need dpkg-dev debhelper git"
missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing$missing"
    # (a fresh machine has no package lists yet: update, then try again)
    # shellcheck disable=SC2086
    apt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends -o DPkg::Lock::Timeout=300 $missing >/dev/null; }
    apt_install || { apt-get update -q >/dev/null && apt_install; } ||
        die "apt-get install$missing failed"
fi

work=$(mktemp -d) || die "mktemp failed"
trap 'rm -rf "$work"' EXIT

# Timestamps and labels from the commit.
git_ok=no
git -C "$top" rev-parse --verify -q HEAD >/dev/null 2>&1 && git_ok=yes
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(date +%s)
    [ $git_ok = yes ] && SOURCE_DATE_EPOCH=$(git -C "$top" log -1 --format=%ct)
fi
export SOURCE_DATE_EPOCH
created=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ)
revision=${BENCH_IMAGE_REVISION:-}
source_url=${BENCH_IMAGE_SOURCE:-}
if [ $git_ok = yes ]; then
    [ -n "$revision" ] || revision=$(git -C "$top" rev-parse HEAD)
    # (user:token@ of an https remote is no label's business)
    [ -n "$source_url" ] || source_url=$(git -C "$top" config --get remote.origin.url |
        sed -E 's#^(https?://)[^@/]*@#\1#' || true)
fi
: "${revision:=unknown}" "${source_url:=https://bench.invalid/bench}"

# 1. The package.
if [ -z "$deb" ]; then
    [ $git_ok = yes ] || die "$top is not a git checkout: build the .deb first and pass --deb=FILE"
    mkdir "$work/src"
    git -C "$top" archive --format=tar HEAD | tar -x -C "$work/src" ||
        die "git archive of $top failed"
    echo "building the package (dpkg-buildpackage -us -uc -b, nocheck)"
    (cd "$work/src" && DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" \
        dpkg-buildpackage -us -uc -b >"$work/deb.log" 2>&1) ||
        { tail -30 "$work/deb.log" >&2; die "dpkg-buildpackage failed (log above)"; }
    deb=$(ls "$work"/bench_*_*.deb) || die "dpkg-buildpackage made no bench_<version>_<arch>.deb"
fi
version=$(dpkg-deb -f "$deb" Version) || die "$deb: not a Debian package"
debarch=$(dpkg-deb -f "$deb" Architecture)
[ "$(dpkg-deb -f "$deb" Package)" = bench ] || die "$deb is not the bench package"
case $debarch in
amd64 | arm64 | s390x | ppc64el | riscv64) ociarch=${debarch/ppc64el/ppc64le} ;;
i386) ociarch=386 ;;
armhf) ociarch=arm ;;
*) die "$deb: architecture $debarch has no OCI name here" ;;
esac
[ "$debarch" = "$(dpkg --print-architecture)" ] ||
    die "$deb is for $debarch, this machine is $(dpkg --print-architecture)"

# 2. The root filesystem. The mirror: the host's own Debian sources for
# bookworm (apt reads one-line and deb822 files alike), deb.debian.org if
# it has none.
sources=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
    'Identifier: Packages' 'Origin: Debian' 2>/dev/null |
    awk '$2 ~ /^bookworm/ && $3 == "main" { print }' | sort -u)
[ -n "$sources" ] || sources="http://deb.debian.org/debian/ bookworm main
http://deb.debian.org/debian/ bookworm-updates main
http://deb.debian.org/debian-security/ bookworm-security main"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || die "$keyring missing (apt-get install debian-archive-keyring)"
printf '%s\n' "$sources" | awk -v k="$keyring" '{ printf "deb [signed-by=%s] %s %s %s\n", k, $1, $2, $3 }' \
    >"$work/sources.list"
# The home the image runs in, owned by its user; the passwd/group/shadow
# lines written here rather than with useradd (not in the apt variant).
days=$((SOURCE_DATE_EPOCH / 86400))
user_hook='echo "bench:x:10001:10001:bench:/home/bench:/usr/sbin/nologin" >>"$1/etc/passwd" &&
  echo "bench:x:10001:" >>"$1/etc/group" &&
  echo "bench:!:'$days':0:99999:7:::" >>"$1/etc/shadow" &&
  install -d -o 10001 -g 10001 -m 755 "$1/home/bench"'
# The builder's name server and host name are not the image's: the
# container runtime provides both.
host_hook='rm -f "$1/etc/resolv.conf" && echo localhost >"$1/etc/hostname"'
# The .deb at the same path inside the chroot, where apt hands it to dpkg:
# copied, not bind-mounted (file-mirror-automount), so that a failed run
# leaves no mount behind; removed again before the tarball is made.
cp "$deb" "$work/bench.deb"
deb_hook='mkdir -p "$1'$work'" && cp "'$work'/bench.deb" "$1'$work'/"'
deb_rm_hook='rm -rf "$1'$work'"'
echo "root filesystem: mmdebstrap bookworm, $(basename "$deb"), from $(printf '%s' "$sources" | awk '{print $1}' | sort -u | tr '\n' ' ')"
mmdebstrap --mode=root --variant=apt --format=tar \
    --setup-hook="$deb_hook" --include="$work/bench.deb" \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-include=/usr/share/doc/bench' \
    --dpkgopt='path-include=/usr/share/doc/bench/*' \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --customize-hook="$user_hook" \
    --customize-hook="$host_hook" --customize-hook="$deb_rm_hook" \
    bookworm "$work/rootfs.tar" "$work/sources.list" >"$work/mmdebstrap.log" 2>&1 ||
    { grep -v "^I:" "$work/mmdebstrap.log" | tail -40 >&2; die "mmdebstrap failed (log above)"; }
# Device nodes are the runtime's to make (a rootless unpack cannot).
tar --delete --wildcards -f "$work/rootfs.tar" './dev/?*' 2>/dev/null || true

# 3. The image.
layout="$work/oci"
img="$layout:$version"
label() { # label KEY=VALUE: on the config (labels) and the manifest (annotations)
    cfg+=(--config.label "$1" --manifest.annotation "$1")
}
cfg=()
label org.opencontainers.image.title=bench
label org.opencontainers.image.description="scriptable database and system benchmark, compatible with sysbench"
label org.opencontainers.image.version="$version"
label org.opencontainers.image.revision="$revision"
label org.opencontainers.image.source="$source_url"
label org.opencontainers.image.licenses=MIT
label org.opencontainers.image.created="$created"
label org.opencontainers.image.base.name=debian:bookworm
{
    umoci init --layout "$layout" &&
        umoci new --image "$img" &&
        umoci raw add-layer --image "$img" --history.created "$created" \
            --history.created_by "mmdebstrap --variant=apt bookworm + $(basename "$deb")" \
            "$work/rootfs.tar" &&
        umoci config --image "$img" --created "$created" --author "bench maintainers" \
            --os linux --architecture "$ociarch" \
            --config.entrypoint bench --config.cmd=--help \
            --config.user 10001:10001 --config.workingdir /home/bench \
            --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            --history.created "$created" --history.created_by "umoci config" \
            "${cfg[@]}" &&
        umoci gc --layout "$layout"
} >"$work/umoci.log" 2>&1 || { cat "$work/umoci.log" >&2; die "umoci failed (log above)"; }
# Docker and containerd name a loaded OCI image by this annotation of
# the index (umoci writes only the tag, org.opencontainers.image.ref.name).
python3 - "$layout/index.json" "bench:$version" <<'PY' || die "could not name the image in index.json"
import json, sys
path, name = sys.argv[1], sys.argv[2]
with open(path) as f:
    index = json.load(f)
for m in index["manifests"]:
    m.setdefault("annotations", {})["io.containerd.image.name"] = "docker.io/library/" + name
with open(path, "w") as f:
    json.dump(index, f, separators=(",", ":"), sort_keys=True)
PY

# 4. The archive: the layout's files at its root, as skopeo's
# oci-archive: and podman load read it; fixed order, owners and times.
mkdir -p "$out" || die "cannot create $out"
file="$out/bench-$version.oci.tar"
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    --format=posix --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
    -C "$layout" -cf "$file.tmp" oci-layout index.json blobs &&
    mv "$file.tmp" "$file" || die "could not write $file"
manifest=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["manifests"][0]["digest"])' \
    "$layout/index.json")
echo "built $file ($(du -h "$file" | cut -f1), tag $version, manifest $manifest) in $((SECONDS - t0)) s"
