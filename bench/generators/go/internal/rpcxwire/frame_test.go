package rpcxwire

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"

	"google.golang.org/protobuf/proto"

	"rpcxbench/loadgen/internal/rpcxpb"
)

// The wire doc is the source of truth: these tests read the frames from its section "One hello
// call, byte by byte", so the doc and this client cannot drift apart.
const wireDoc = "../../../../../docs/wire-format.md"

// docFrames returns the frames of the doc's byte-by-byte section, in order (request, reply,
// error reply), each checked against the length its heading or prefix states.
func docFrames(t *testing.T) [][]byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.FromSlash(wireDoc))
	if err != nil {
		t.Fatalf("the wire doc: %v", err)
	}
	text := string(raw)
	start := strings.Index(text, "## One hello call, byte by byte")
	if start < 0 {
		t.Fatal(`the wire doc has no section "One hello call, byte by byte"`)
	}
	section := text[start:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	var frames [][]byte
	for i, block := range strings.Split(section, "```")[1:] {
		if i%2 == 1 {
			continue // the prose between code blocks
		}
		frame := parseDump(t, block)
		if len(frame) > 0 {
			frames = append(frames, frame)
		}
	}
	if len(frames) != 3 {
		t.Fatalf("the wire doc's byte-by-byte section has %d frames, want 3 (request, reply, error)", len(frames))
	}
	return frames
}

var token = regexp.MustCompile(`^\s*(?:([0-9a-f]{2})\b|"([^"]*)")`)

// parseDump reads a dump such as `12 05 62 65 "text"   field 2 ...`: per line, hex pairs and
// quoted strings up to the first other word (the comment).
func parseDump(t *testing.T, block string) []byte {
	t.Helper()
	var out []byte
	for _, line := range strings.Split(block, "\n") {
		for {
			m := token.FindStringSubmatch(line)
			if m == nil {
				break
			}
			if m[1] != "" {
				b, err := hex.DecodeString(m[1])
				if err != nil {
					t.Fatalf("hex %q: %v", m[1], err)
				}
				out = append(out, b...)
			} else {
				out = append(out, m[2]...)
			}
			line = line[len(m[0]):]
		}
	}
	return out
}

func TestDocFramesHaveTheLengthsTheDocStates(t *testing.T) {
	for i, frame := range docFrames(t) {
		length, err := readLength(bufio.NewReader(bytes.NewReader(frame)))
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if got := uint64(len(frame) - 1); got != length {
			t.Errorf("frame %d: prefix says %d bytes, the doc shows %d after it", i, length, got)
		}
	}
}

func TestHelloRequestEncodesAsTheDocShows(t *testing.T) {
	want := docFrames(t)[0]
	got, err := AppendFrame(nil, HelloRequest(1, "world"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("hello request frame\n got %x\nwant %x", got, want)
	}
}

func TestDocReplyDecodes(t *testing.T) {
	frames := docFrames(t)
	reply := decodeReply(t, frames[1])
	if reply.Id != 1 || reply.Status != rpcxpb.StatusCode_OK ||
		reply.GetResult().GetType() != rpcxpb.ParameterType_STRING ||
		reply.GetResult().GetStringValue() != "hello, world" {
		t.Errorf("reply frame decodes to %v", reply)
	}
	// Go's encoder writes fields in number order, as Java's does: the same bytes back.
	again, err := AppendFrame(nil, reply)
	if err != nil || !bytes.Equal(again, frames[1]) {
		t.Errorf("reply re-encoded: %x (%v), want %x", again, err, frames[1])
	}

	failure := decodeReply(t, frames[2])
	if failure.Id != 2 || failure.Status != rpcxpb.StatusCode_NOT_FOUND ||
		failure.Message != "unknown service 'x'" || failure.Result != nil {
		t.Errorf("error frame decodes to %v", failure)
	}
}

func decodeReply(t *testing.T, frame []byte) *rpcxpb.RpcxReply {
	t.Helper()
	body, err := ReadFrame(bufio.NewReader(bytes.NewReader(frame)), DefaultMaxMessage, nil)
	if err != nil {
		t.Fatal(err)
	}
	reply := &rpcxpb.RpcxReply{}
	if err := proto.Unmarshal(body, reply); err != nil {
		t.Fatal(err)
	}
	return reply
}

func TestFramesReadOneByteAtATime(t *testing.T) {
	frames := docFrames(t)
	stream := bytes.Join(frames[1:], nil)
	r := bufio.NewReaderSize(iotest.OneByteReader(bytes.NewReader(stream)), 16)
	for i := 1; i < 3; i++ {
		body, err := ReadFrame(r, DefaultMaxMessage, nil)
		if err != nil || !bytes.Equal(body, frames[i][1:]) {
			t.Fatalf("frame %d: %x, %v", i, body, err)
		}
	}
	if _, err := ReadFrame(r, DefaultMaxMessage, nil); err != io.EOF {
		t.Errorf("after the last frame: %v, want io.EOF", err)
	}
}

func TestTruncatedFramesAreUnexpectedEOF(t *testing.T) {
	frame := docFrames(t)[1]
	for cut := 1; cut < len(frame); cut++ {
		_, err := ReadFrame(bufio.NewReader(bytes.NewReader(frame[:cut])), DefaultMaxMessage, nil)
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("cut at %d: %v, want io.ErrUnexpectedEOF", cut, err)
		}
	}
	if _, err := ReadFrame(bufio.NewReader(bytes.NewReader([]byte{0x80})), 10, nil); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a prefix cut short: %v", err)
	}
}

func TestPrefixOverFiveBytesIsRefused(t *testing.T) {
	for _, prefix := range []string{"8080808080", "ffffffff10", "ffffffff7f"} {
		b, _ := hex.DecodeString(prefix + "00")
		_, err := ReadFrame(bufio.NewReader(bytes.NewReader(b)), DefaultMaxMessage, nil)
		if !errors.Is(err, ErrPrefixTooLong) {
			t.Errorf("prefix %s: %v, want ErrPrefixTooLong", prefix, err)
		}
	}
}

func TestLengthOverTheMaximumIsRefusedBeforeTheBody(t *testing.T) {
	for _, tc := range []struct{ max, length int }{{20, 21}, {DefaultMaxMessage, DefaultMaxMessage + 1}} {
		prefix := AppendLength(tc.length)
		// No body follows: reading it would be io.ErrUnexpectedEOF, not ErrMessageTooLong.
		_, err := ReadFrame(bufio.NewReader(bytes.NewReader(prefix)), tc.max, nil)
		if !errors.Is(err, ErrMessageTooLong) {
			t.Errorf("length %d, max %d: %v", tc.length, tc.max, err)
		}
	}
	// The maximum itself is allowed.
	frame := append(AppendLength(20), make([]byte, 20)...)
	if body, err := ReadFrame(bufio.NewReader(bytes.NewReader(frame)), 20, nil); err != nil || len(body) != 20 {
		t.Errorf("length at the maximum: %d bytes, %v", len(body), err)
	}
}

func TestOversizeRequestIsNotEncoded(t *testing.T) {
	big := HelloRequest(1, strings.Repeat("x", DefaultMaxMessage))
	if _, err := AppendFrame(nil, big); !errors.Is(err, ErrMessageTooLong) {
		t.Errorf("a request over 4 MiB: %v", err)
	}
}

// AppendLength is the varint prefix alone (tests only).
func AppendLength(n int) []byte {
	var b []byte
	v := uint64(n)
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}
