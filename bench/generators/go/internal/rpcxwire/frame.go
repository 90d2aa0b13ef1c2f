// Package rpcxwire reads and writes RPCX frames as docs/wire-format.md defines them: a base-128
// varint holding the message's length (at most 5 bytes, a value below 2^32), then that many bytes
// of a serialized RpcxRequest or RpcxReply (protobuf's "delimited" convention).
//
//	buf, _ := rpcxwire.AppendFrame(nil, rpcxwire.HelloRequest(1, "world"))
//	body, err := rpcxwire.ReadFrame(bufio.NewReader(conn), rpcxwire.DefaultMaxMessage, nil)
package rpcxwire

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"rpcxbench/loadgen/internal/rpcxpb"
)

const (
	// MaxPrefixBytes is the longest length prefix a frame may have.
	MaxPrefixBytes = 5
	// DefaultMaxMessage is both sides' default maximum message length (4 MiB).
	DefaultMaxMessage = 4 << 20
)

var (
	// ErrPrefixTooLong: the length prefix runs past 5 bytes or past 2^32 - 1.
	ErrPrefixTooLong = errors.New("rpcx frame: length prefix longer than 5 bytes")
	// ErrMessageTooLong: the length is over the reader's maximum (checked before reading the body).
	ErrMessageTooLong = errors.New("rpcx frame: message longer than the maximum")
)

// HelloRequest is the bench service's hello(name) call: service "bench", method "hello", one
// STRING parameter.
func HelloRequest(id uint64, name string) *rpcxpb.RpcxRequest {
	return &rpcxpb.RpcxRequest{
		Id:         id,
		Service:    "bench",
		Method:     "hello",
		Parameters: []*rpcxpb.Parameter{StringParameter(name)},
	}
}

// StringParameter is a STRING parameter holding s.
func StringParameter(s string) *rpcxpb.Parameter {
	return &rpcxpb.Parameter{Type: rpcxpb.ParameterType_STRING, Value: &rpcxpb.Parameter_StringValue{StringValue: s}}
}

// AppendFrame appends m as one frame (length prefix, then the message) to b.
func AppendFrame(b []byte, m proto.Message) ([]byte, error) {
	size := proto.Size(m)
	if size > DefaultMaxMessage {
		return b, fmt.Errorf("%w: %d bytes", ErrMessageTooLong, size)
	}
	b = protowire.AppendVarint(b, uint64(size))
	return proto.MarshalOptions{UseCachedSize: true}.MarshalAppend(b, m)
}

// ReadFrame reads one frame's message bytes from r into buf (grown when too small) and returns
// them. io.EOF means the peer closed between frames; io.ErrUnexpectedEOF, inside one. A prefix
// over 5 bytes or a length over maxMessage is refused before any body byte is read.
func ReadFrame(r *bufio.Reader, maxMessage int, buf []byte) ([]byte, error) {
	length, err := readLength(r)
	if err != nil {
		return nil, err
	}
	if length > uint64(maxMessage) {
		return nil, fmt.Errorf("%w: %d > %d bytes", ErrMessageTooLong, length, maxMessage)
	}
	if uint64(cap(buf)) < length {
		buf = make([]byte, length)
	}
	buf = buf[:length]
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return buf, nil
}

func readLength(r *bufio.Reader) (uint64, error) {
	var value uint64
	for i := 0; i < MaxPrefixBytes; i++ {
		c, err := r.ReadByte()
		if err != nil {
			if err == io.EOF && i > 0 {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		value |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			if value > 0xffffffff {
				return 0, ErrPrefixTooLong
			}
			return value, nil
		}
	}
	return 0, ErrPrefixTooLong
}
