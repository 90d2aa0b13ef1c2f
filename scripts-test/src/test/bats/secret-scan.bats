#!/usr/bin/env bats
# .ci/secret-scan.sh (issue 59): each kind of private key planted in a fresh git repository is
# found and named (indented PEM in YAML and properties, OpenSSH, EC, PKCS#12 and JKS keystores,
# a PKCS#12 under another name); a certificate and code that names the marker pass; so does this
# repository.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  SCAN="$REPO/.ci/secret-scan.sh"
  WORK=$(mktemp -d)
  PLANT="$WORK/repo"
  git init -q "$PLANT"
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/rsa.pem" 2>/dev/null
  openssl req -x509 -key "$WORK/rsa.pem" -subj /CN=test -days 1 -out "$WORK/cert.pem" 2>/dev/null
}

teardown() {
  rm -rf "$WORK"
}

# plant PATH: add the file at PATH (already written) to the planted repository's index
plant() {
  git -C "$PLANT" add -- "$1"
}

# indented FILE PREFIX: the RSA key's lines, each after PREFIX
indented() {
  sed "s/^/$2/" "$1"
}

# expect_found PATH: the scan fails and names PATH, nothing else planted being there
expect_found() {
  run "$SCAN" "$PLANT"
  [ "$status" -eq 1 ]
  [[ $output == *"private keys or keystores in $PLANT"* ]]
  [[ $output == *"  $1: "* ]]
}

@test "this repository has no private key" {
  run "$SCAN" "$REPO"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
}

@test "an indented PEM key in a YAML file is found" {
  { echo "tls:"; echo "  key: |"; indented "$WORK/rsa.pem" "    "; } >"$PLANT/app.yml"
  plant app.yml
  expect_found app.yml
}

@test "a PEM key in a properties file, continued or on one line, is found" {
  { printf 'tls.key = \\\n'; sed 's/^/    /; s/$/\\/' "$WORK/rsa.pem"; } >"$PLANT/a.properties"
  plant a.properties
  expect_found a.properties
  git -C "$PLANT" rm -q --cached a.properties && rm "$PLANT/a.properties"
  printf 'tls.key=%s\n' "$(awk '{printf "%s\\n", $0}' "$WORK/rsa.pem")" >"$PLANT/b.properties"
  plant b.properties
  expect_found b.properties
}

@test "an OpenSSH private key is found" {
  ssh-keygen -q -t ed25519 -N '' -f "$PLANT/id_ed25519"
  grep -q -- '-----BEGIN OPENSSH ' "$PLANT/id_ed25519"
  plant id_ed25519
  expect_found id_ed25519
}

@test "an EC private key is found" {
  openssl ecparam -name prime256v1 -genkey -out "$PLANT/ec.key" 2>/dev/null
  grep -q -- '-----BEGIN EC ' "$PLANT/ec.key"
  plant ec.key
  expect_found ec.key
}

@test "a PKCS#12 keystore is found by its name and, renamed, by its content" {
  openssl pkcs12 -export -inkey "$WORK/rsa.pem" -in "$WORK/cert.pem" -passout pass:changeit \
    -out "$PLANT/server.p12"
  plant server.p12
  expect_found server.p12
  git -C "$PLANT" rm -q --cached server.p12
  mv "$PLANT/server.p12" "$PLANT/blob.bin"
  plant blob.bin
  expect_found blob.bin
  [[ $output == *"blob.bin: PKCS#12 keystore content"* ]]
}

@test "a keytool keystore (.jks, and a JKS renamed) is found" {
  keytool -genkeypair -alias t -keyalg RSA -keysize 2048 -dname CN=t -validity 1 \
    -storepass changeit -keypass changeit -keystore "$PLANT/trust.jks" -storetype JKS 2>/dev/null
  plant trust.jks
  expect_found trust.jks
  git -C "$PLANT" rm -q --cached trust.jks
  mv "$PLANT/trust.jks" "$PLANT/store.dat"
  plant store.dat
  expect_found store.dat
  [[ $output == *"store.dat: Java keystore content"* ]]
}

@test "a file not yet added is scanned too" {
  indented "$WORK/rsa.pem" "  " >"$PLANT/loose.yml"
  expect_found loose.yml
}

@test "a certificate and code that names the marker pass" {
  cp "$WORK/cert.pem" "$PLANT/ca.pem"
  { echo "tls:"; echo "  cert: |"; indented "$WORK/cert.pem" "    "; } >"$PLANT/app.yml"
  mkdir -p "$PLANT/src"
  # the markers are put together here, so that this file names none whole
  local key="PRIVATE KEY-----"
  cat >"$PLANT/src/Pem.java" <<EOF
final class Pem {
  static int keyAt(String text) {
    int begin = text.indexOf("-----BEGIN $key");
    if (begin < 0) {
      throw new IllegalArgumentException("no PKCS#8 key (-----BEGIN $key)");
    }
    String marker =
        "-----BEGIN RSA $key";
    return begin + marker.length();
  }
}
EOF
  git -C "$PLANT" add .
  run "$SCAN" "$PLANT"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
}

@test "bad usage exits 2 with one line" {
  run "$SCAN" "$WORK/nope"
  [ "$status" -eq 2 ]
  [[ $output == "secret-scan.sh: no such folder: $WORK/nope (try --help)" ]]
  run "$SCAN" "$WORK"
  [ "$status" -eq 2 ]
  [[ $output == "secret-scan.sh: not a git checkout: $WORK (try --help)" ]]
  run "$SCAN" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Example: .ci/secret-scan.sh ."* ]]
}
