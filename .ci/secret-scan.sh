#!/usr/bin/env bash
# secret-scan.sh: no private key in a repository. Test keys are made on the spot (tls-kit), never
# committed. Scans the files git tracks in DIR (and those it would add: untracked, not ignored)
# for
#   - a PEM private key (RSA, EC, OPENSSH, ENCRYPTED, PKCS#8, PGP): its BEGIN line anywhere in a
#     line (indented in YAML, after key= in a properties file, inside a string) followed by key
#     material (base64) on the next lines or after a literal \n; code that names the marker in a
#     string (PemFiles.java) has no key material after it and passes, as does a certificate;
#   - a keystore by name (.p12, .pfx, .jks, .jceks, .keystore, .bks) whatever it holds;
#   - a keystore by content whatever its name: PKCS#12 (DER: SEQUENCE, version 3, pkcs7-data),
#     JKS (FEEDFEED), JCEKS (CECECECE).
# gitleaks would do the PEM part but not Debian-installable here, and it skips binary files: the
# keystores are what it misses. Exit 0 clean, 1 found (each path and why on stderr), 2 bad usage.
#   .ci/secret-scan.sh .
#   .ci/secret-scan.sh /path/to/other/checkout
set -euo pipefail

KEYSTORE_NAMES='\.(p12|pfx|jks|jceks|keystore|bks)$'

usage() {
  cat <<'EOF'
Usage: secret-scan.sh [DIR]
Finds private keys and keystores in the files git tracks in DIR (default: .).
Exit codes: 0 none found, 1 found (paths on stderr), 2 bad usage.
Example: .ci/secret-scan.sh .
EOF
}

die_usage() {
  printf 'secret-scan.sh: %s (try --help)\n' "$1" >&2
  exit 2
}

# list_files DIR: the paths git tracks or would add, NUL-separated, relative to DIR
list_files() {
  git -C "$1" ls-files -z --cached --others --exclude-standard
}

# keystore_names: paths (NUL-separated on stdin) named as a keystore, one "path: why" per line
keystore_names() {
  local path
  while IFS= read -r -d '' path; do
    if [[ ${path,,} =~ $KEYSTORE_NAMES ]]; then
      printf '%s: a keystore by its name\n' "$path"
    fi
  done
}

# key_contents DIR: paths (NUL-separated on stdin) whose content is a key, one "path: why" per line
key_contents() {
  perl -0 -ne '
    BEGIN { $dir = shift @ARGV; $/ = "\0"; }
    chomp(my $path = $_);
    my $file = "$dir/$path";
    next unless -f $file && open(my $fh, "<:raw", $file);
    read($fh, my $head, 64);
    my $hex = unpack("H*", $head // "");
    if ($hex =~ /^30(?:80|81..|82....|83......)020103/ && $hex =~ /2a864886f70d010701/) {
      print "$path: PKCS#12 keystore content\n"; next;
    }
    if ($hex =~ /^(?:feedfeed|cececece)/) { print "$path: Java keystore content\n"; next; }
    next if $head =~ /\0/;  # other binary files hold no PEM text
    seek($fh, 0, 0);
    local $/ = "\n";
    my $pending = 0;
    while (my $line = <$fh>) {
      if ($line =~ /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----(.*)/) {
        my ($kind, $rest) = ($1, $2);
        if ($rest =~ /\\n\s*["\x27]?\s*\+?\s*["\x27]?[A-Za-z0-9+\/]{16,}/) {
          print "$path: $kind (line $.)\n"; last;
        }
        $pending = 4; $found_kind = $kind; $at = $.;
        next;
      }
      next unless $pending;
      $pending--;
      (my $s = $line) =~ s/^[\s"\x27+|]*//;
      $s =~ s/(?:\\n|[\s"\x27,;\\])*$//;
      next if $s eq "" || $s =~ /^[A-Za-z-]+: /;  # a blank line or a header (Proc-Type:)
      if ($s =~ /^[A-Za-z0-9+\/=]{16,}$/) { print "$path: $found_kind (line $at)\n"; last; }
      $pending = 0;
    }
  ' "$1"
}

main() {
  local dir=.
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    -*) die_usage "unknown option '$1'" ;;
    "") ;;
    *) dir=$1 ;;
  esac
  [[ $# -le 1 ]] || die_usage "one DIR at most"
  [[ -d $dir ]] || die_usage "no such folder: $dir"
  git -C "$dir" rev-parse --is-inside-work-tree >/dev/null 2>&1 || die_usage "not a git checkout: $dir"
  local found
  found=$( { list_files "$dir" | keystore_names; list_files "$dir" | key_contents "$dir"; } | sort -u)
  if [[ -n $found ]]; then
    printf 'secret-scan: private keys or keystores in %s (remove them; keep certificates or fingerprints):\n' "$dir" >&2
    printf '%s\n' "$found" | sed 's/^/  /' >&2
    return 1
  fi
}

main "$@"
