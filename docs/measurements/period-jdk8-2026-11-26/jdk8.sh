#!/usr/bin/env bash
# A JDK 8 on a Debian 12 machine that has none (issue 28, outcome 6: the paper's era ran on JDK
# 8). Debian 12 has no openjdk-8, but Debian unstable (sid) still builds it (8u504 on
# 2026-11-26); its binaries need sid's glibc (2.38 or newer; Debian 12 has 2.36). So this fetches
# openjdk-8-jre-headless and openjdk-8-jdk-headless from sid with the C and C++ runtimes they run
# on (libc6, libgcc-s1, libstdc++6, zlib1g), each checked against sid's signed InRelease (gpgv with
# Debian's archive keyring, then the SHA256 of Packages.xz, then of every .deb), unpacks them into
# DEST without installing anything, and points every ELF file of the JDK at those runtimes
# (patchelf: sid's dynamic loader, and sid's libraries first on the run path). The system's own
# libraries and programs are not touched, and nothing outside DEST runs on sid's glibc.
#
#   docs/measurements/period-jdk8-2026-11-26/jdk8.sh                  # -> /opt/rpcx-jdk8/jdk/bin/java
#   docs/measurements/period-jdk8-2026-11-26/jdk8.sh --dest /tmp/jdk8
set -euo pipefail

MIRROR=http://deb.debian.org/debian
SUITE=sid
DEST=/opt/rpcx-jdk8
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
PACKAGES="openjdk-8-jre-headless openjdk-8-jdk-headless libc6 libgcc-s1 libstdc++6 zlib1g"
JDK_DIR=usr/lib/jvm/java-8-openjdk-amd64

usage() {
  cat <<USAGE
Usage: docs/measurements/period-jdk8-2026-11-26/jdk8.sh [--dest DIR] [--mirror URL]

Fetches OpenJDK 8 from Debian $SUITE with the runtimes it needs ($PACKAGES),
verified against $SUITE's signed InRelease, into DIR (default $DEST): DIR/jdk is the Java home.
Needs curl, gpgv, xz, dpkg-deb and patchelf (apt-get install patchelf). Exit: 0 the JDK runs
(its java -version is printed), 1 a download, a check or the JDK failed, 2 bad usage.
Example: docs/measurements/period-jdk8-2026-11-26/jdk8.sh --dest /tmp/jdk8 && /tmp/jdk8/jdk/bin/java -version
USAGE
}

die() { echo "jdk8.sh: $1" >&2; exit "${2:-1}"; }

# field PACKAGE NAME: a field of PACKAGE's stanza in the Packages index
field() {
  awk -v p="$1" -v f="$2:" '
    $1 == "Package:" { inside = ($2 == p) }
    inside && $1 == f && !found { print $2; found = 1 }' "$WORK/Packages"
}

fetch_index() {
  curl -fsS "$MIRROR/dists/$SUITE/InRelease" -o "$WORK/InRelease" || die "cannot fetch $MIRROR/dists/$SUITE/InRelease"
  gpgv --keyring "$KEYRING" "$WORK/InRelease" 2>"$WORK/gpgv.txt" ||
    die "$SUITE's InRelease does not verify with $KEYRING: $(tail -n 1 "$WORK/gpgv.txt")"
  local want
  want=$(awk '/^SHA256:/ { s = 1; next } /^[A-Za-z]/ { s = 0 } s && $3 == "main/binary-amd64/Packages.xz" { print $1 }' "$WORK/InRelease")
  [[ -n $want ]] || die "$SUITE's InRelease names no main/binary-amd64/Packages.xz"
  curl -fsS "$MIRROR/dists/$SUITE/main/binary-amd64/Packages.xz" -o "$WORK/Packages.xz" || die "cannot fetch Packages.xz"
  echo "$want  $WORK/Packages.xz" | sha256sum -c --quiet - || die "Packages.xz does not match $SUITE's InRelease"
  xz -dc "$WORK/Packages.xz" >"$WORK/Packages"
}

fetch_package() {
  local p=$1 file sha version deb
  file=$(field "$p" Filename)
  sha=$(field "$p" SHA256)
  version=$(field "$p" Version)
  [[ -n $file && -n $sha ]] || die "$SUITE has no package $p"
  deb=$WORK/$(basename "$file")
  curl -fsS "$MIRROR/$file" -o "$deb" || die "cannot fetch $MIRROR/$file"
  echo "$sha  $deb" | sha256sum -c --quiet - || die "$deb does not match $SUITE's index"
  dpkg-deb -x "$deb" "$DEST/root"
  echo "$p $version sha256:$sha" >>"$DEST/packages.txt"
}

# every ELF file of the JDK: sid's loader for the programs, sid's libraries first for all
patch_jdk() {
  local libs=$DEST/root/usr/lib/x86_64-linux-gnu f kind
  while IFS= read -r -d '' f; do
    kind=$(file -b "$f")
    [[ $kind == ELF* ]] || continue
    if [[ $kind == *interpreter* ]]; then
      patchelf --set-interpreter "$libs/ld-linux-x86-64.so.2" "$f"
    fi
    patchelf --add-rpath "$libs" "$f"
  done < <(find "$DEST/root/$JDK_DIR" -type f -print0)
  # jvm.cfg is a link to /etc/java-8-openjdk/, which is in DEST, not /etc
  ln -sfn "$DEST/root/etc/java-8-openjdk/jvm-amd64.cfg" "$DEST/root/$JDK_DIR/jre/lib/amd64/jvm.cfg"
  ln -sfn "root/$JDK_DIR" "$DEST/jdk"
}

main() {
  while (($#)); do
    case $1 in
      --dest) DEST=${2:?--dest needs a folder}; shift 2 ;;
      --mirror) MIRROR=${2:?--mirror needs a URL}; shift 2 ;;
      -h | --help) usage; exit 0 ;;
      *) die "unknown argument: $1 (see --help)" 2 ;;
    esac
  done
  local tool
  for tool in curl gpgv xz dpkg-deb patchelf file sha256sum; do
    command -v "$tool" >/dev/null || die "needs $tool (apt-get install ${tool/dpkg-deb/dpkg})" 2
  done
  [[ -f $KEYRING ]] || die "no $KEYRING (apt-get install debian-archive-keyring)" 2
  if [[ -e $DEST && ! -f $DEST/packages.txt && -n $(ls -A "$DEST" 2>/dev/null) ]]; then
    die "$DEST holds other files than a JDK of this script: choose another --dest" 2
  fi
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
  rm -rf "$DEST"
  mkdir -p "$DEST/root"
  fetch_index
  local p
  for p in $PACKAGES; do
    fetch_package "$p"
  done
  patch_jdk
  "$DEST/jdk/bin/java" -version 2>&1 | tee "$DEST/java-version.txt" || die "the JDK does not run"
  "$DEST/jdk/bin/javac" -version >/dev/null 2>&1 || die "javac does not run"
  echo "JDK 8 at $DEST/jdk ($(wc -l <"$DEST/packages.txt") packages of $SUITE, $DEST/packages.txt)"
}

main "$@"
