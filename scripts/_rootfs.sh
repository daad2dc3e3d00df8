#!/usr/bin/env bash
# shellcheck shell=bash
# A clean Debian 12 root for scripts/package-test and scripts/container-test --rootfs: sourced after
# scripts/_setup.sh, not run. Needs root (chroot, mount). Provides
#   L2V_CACHE              the cache folder kept between runs on one machine (default ~/.cache/lottie2video)
#   l2v_rootfs_base        prints the path of a cached `mmdebstrap --variant=minbase bookworm` tarball, made
#                          when missing or older than $L2V_ROOTFS_MAX_DAYS days (default 7)
#   l2v_rootfs_make DIR [--bind-cache|--copy-cache]
#                          unpacks it into DIR, mounts /proc, and binds the cache's apt folders (downloaded
#                          .debs and package lists) over DIR's, so a second run downloads nothing new; with
#                          --copy-cache they are hard-linked in instead (what the root deletes stays cached)
#   l2v_rootfs_remove DIR  unmounts what l2v_rootfs_make mounted and removes DIR (never across a mount)
# The root uses this machine's Debian sources (/etc/apt/sources.list.d/debian.sources or sources.list) and its
# Acquire::Check-Valid-Until and proxy settings, so it reaches the archive the way the machine does.
set -euo pipefail

L2V_CACHE="${L2V_CACHE:-${HOME:-/root}/.cache/lottie2video}"
export L2V_CACHE

l2v_need_root() { [[ $(id -u) -eq 0 ]] || l2v_die "$1 needs root (chroot, mount)"; }

# The apt options the root shares with this machine, one `Name "value";` a line.
l2v_rootfs_aptconf() {
  apt-config dump 2>/dev/null | grep -E '^Acquire::(Check-Valid-Until|https?::Proxy|Retries) ' || true
}

l2v_rootfs_sources() {
  if [[ -r /etc/apt/sources.list.d/debian.sources ]] && grep -q 'bookworm' /etc/apt/sources.list.d/debian.sources; then
    printf '%s\n' /etc/apt/sources.list.d/debian.sources
  elif [[ -r /etc/apt/sources.list ]] && grep -q '^deb .*bookworm' /etc/apt/sources.list; then
    printf '%s\n' /etc/apt/sources.list
  else
    printf '%s\n' "deb http://deb.debian.org/debian bookworm main" "deb http://deb.debian.org/debian bookworm-updates main" \
      "deb http://deb.debian.org/debian-security bookworm-security main"
  fi
}

l2v_rootfs_base() {
  local tarball="$L2V_CACHE/bookworm-minbase.tar" max_days="${L2V_ROOTFS_MAX_DAYS:-7}"
  if [[ -f $tarball && -s $tarball && -z $(find "$tarball" -mtime "+$max_days" -print) ]]; then
    printf '%s\n' "$tarball"
    return 0
  fi
  command -v mmdebstrap >/dev/null || l2v_ensure_packages mmdebstrap
  mkdir -p "$L2V_CACHE"
  # A cache entry that is not a regular file (a folder left by a run that let mmdebstrap guess the format
  # from the name) is made again.
  rm -rf --one-file-system "$tarball" "$tarball.tmp"
  local -a aptopts=() sources=()
  local line
  while IFS= read -r line; do aptopts+=("--aptopt=$line"); done < <(l2v_rootfs_aptconf)
  mapfile -t sources < <(l2v_rootfs_sources)
  l2v_log "mmdebstrap --variant=minbase bookworm -> $tarball (cached for $max_days days)"
  if ! nice mmdebstrap --variant=minbase --format=tar ${aptopts[@]+"${aptopts[@]}"} bookworm "$tarball.tmp" "${sources[@]}" \
    >"$L2V_CACHE/mmdebstrap.log" 2>&1; then
    tail -n 20 "$L2V_CACHE/mmdebstrap.log" >&2
    rm -rf --one-file-system "$tarball.tmp"
    l2v_die "mmdebstrap failed (log: $L2V_CACHE/mmdebstrap.log)"
  fi
  mv "$tarball.tmp" "$tarball"
  printf '%s\n' "$tarball"
}

l2v_rootfs_make() {
  local root=$1 mode=${2:---bind-cache} tarball
  tarball="$(l2v_rootfs_base)"
  mkdir -p "$root"
  tar -xf "$tarball" -C "$root"
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  l2v_rootfs_aptconf >"$root/etc/apt/apt.conf.d/99l2v-host"
  mkdir -p "$L2V_CACHE/apt-archives/partial" "$L2V_CACHE/apt-lists/partial" "$root/var/cache/apt/archives" \
    "$root/var/lib/apt/lists"
  mount -t proc proc "$root/proc"
  case $mode in
    --bind-cache)
      mount --bind "$L2V_CACHE/apt-archives" "$root/var/cache/apt/archives"
      mount --bind "$L2V_CACHE/apt-lists" "$root/var/lib/apt/lists"
      ;;
    --copy-cache)
      # For a root whose own commands clean apt's folders (a Dockerfile's `apt-get clean && rm -rf
      # /var/lib/apt/lists/*`): the cache's files are linked in (copied across file systems), never bound.
      local file
      for file in "$L2V_CACHE"/apt-archives/*.deb; do
        [[ -f $file ]] || continue
        ln "$file" "$root/var/cache/apt/archives/" 2>/dev/null || cp "$file" "$root/var/cache/apt/archives/"
      done
      for file in "$L2V_CACHE"/apt-lists/*; do
        [[ -f $file && $(basename "$file") != lock ]] || continue
        ln "$file" "$root/var/lib/apt/lists/" 2>/dev/null || cp "$file" "$root/var/lib/apt/lists/"
      done
      rm -f "$root/var/cache/apt/archives/lock" "$root/var/lib/apt/lists/lock"
      ;;
    *) l2v_die "l2v_rootfs_make: unknown mode $mode" ;;
  esac
  [[ -c $root/dev/null ]] || mount --bind /dev "$root/dev"
}

l2v_rootfs_remove() {
  local root=$1 mounted
  [[ -d $root ]] || return 0
  # The deepest first: everything mounted at or under the root.
  while read -r mounted; do
    umount "$mounted" 2>/dev/null || umount -l "$mounted" 2>/dev/null || true
  done < <(awk -v r="$(readlink -f "$root")" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r)
  if awk -v r="$(readlink -f "$root")" '$2 == r || index($2, r "/") == 1 { found = 1 } END { exit !found }' /proc/mounts; then
    l2v_log "could not unmount everything under $root: left it in place"
    return 1
  fi
  rm -rf --one-file-system "$root"
}
