// Package rpcxclient is a lean RPCX client written from docs/wire-format.md alone: one TCP
// connection carries any number of calls in flight (the doc's model: replies in any order, the
// id pairs them), a writer goroutine that puts every request queued meanwhile into one write, and
// a reader goroutine that hands each reply to its caller by id.
//
//	conn, err := rpcxclient.Dial("127.0.0.1:8081", rpcxwire.DefaultMaxMessage)
//	call := conn.NewCall()
//	reply, err := conn.Do(call, "bench", "hello", rpcxwire.StringParameter("world"))
package rpcxclient

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"

	"google.golang.org/protobuf/proto"

	"rpcxbench/loadgen/internal/rpcxpb"
	"rpcxbench/loadgen/internal/rpcxwire"
)

// ErrUnavailable: the connection is closed or was lost; every call in flight on it fails so.
var ErrUnavailable = errors.New("rpcx: UNAVAILABLE (connection lost)")

const ioBufferBytes = 64 << 10

// Conn is one RPCX connection shared by any number of goroutines.
type Conn struct {
	nc         net.Conn
	maxMessage int
	queue      chan *Call
	nextID     atomic.Uint64

	mu       sync.Mutex
	inFlight map[uint64]*Call
	failure  error // set once, when the connection is lost or closed
	lost     chan struct{}
}

// Call is one caller's reusable slot: a caller has at most one call in flight on it.
type Call struct {
	request rpcxpb.RpcxRequest
	reply   *rpcxpb.RpcxReply
	err     error
	done    chan struct{}
}

// Dial opens a plain TCP connection and starts its writer and reader.
func Dial(address string, maxMessage int) (*Conn, error) {
	nc, err := net.Dial("tcp", address)
	if err != nil {
		return nil, err
	}
	if tcp, ok := nc.(*net.TCPConn); ok {
		_ = tcp.SetNoDelay(true)
	}
	c := &Conn{
		nc:         nc,
		maxMessage: maxMessage,
		queue:      make(chan *Call, 4096),
		inFlight:   make(map[uint64]*Call),
		lost:       make(chan struct{}),
	}
	go c.writeLoop()
	go c.readLoop()
	return c, nil
}

// NewCall returns a slot for one caller's calls.
func (c *Conn) NewCall() *Call {
	return &Call{done: make(chan struct{}, 1)}
}

// Do sends service.method(parameters...) with a fresh id and waits for its reply. A non-OK
// status is the reply's, not an error: the error is for a lost connection or a broken frame.
func (c *Conn) Do(call *Call, service, method string, parameters ...*rpcxpb.Parameter) (*rpcxpb.RpcxReply, error) {
	id := c.nextID.Add(1) // the Java client counts up from 1 too
	c.mu.Lock()
	if c.failure != nil {
		// Checked before the request is touched: after a failure the writer may still be
		// encoding this slot's previous request.
		err := c.failure
		c.mu.Unlock()
		return nil, err
	}
	call.request.Id, call.request.Service, call.request.Method = id, service, method
	call.request.Parameters = parameters
	call.reply, call.err = nil, nil
	// In the map before it is written: the reply may come back before Do gets here again.
	c.inFlight[id] = call
	c.mu.Unlock()

	select {
	case c.queue <- call:
	case <-c.lost:
	}
	<-call.done
	return call.reply, call.err
}

// Close closes the connection; calls in flight fail with ErrUnavailable.
func (c *Conn) Close() error {
	c.fail(ErrUnavailable)
	return nil
}

// writeLoop coalesces: it takes one queued call, then every call queued meanwhile, and writes
// them all with one system call (the Java client's WriteQueue does the same).
func (c *Conn) writeLoop() {
	buf := make([]byte, 0, ioBufferBytes)
	for {
		var call *Call
		select {
		case call = <-c.queue:
		case <-c.lost:
			return
		}
		buf = buf[:0]
		for {
			var err error
			if buf, err = rpcxwire.AppendFrame(buf, &call.request); err != nil {
				c.fail(fmt.Errorf("rpcx: encoding request %d: %w", call.request.Id, err))
				return
			}
			if len(buf) >= ioBufferBytes {
				break
			}
			select {
			case call = <-c.queue:
				continue
			default:
			}
			break
		}
		if _, err := c.nc.Write(buf); err != nil {
			c.fail(fmt.Errorf("%w: write: %v", ErrUnavailable, err))
			return
		}
	}
}

// readLoop reads reply frames and completes the call each one names.
func (c *Conn) readLoop() {
	r := bufio.NewReaderSize(c.nc, ioBufferBytes)
	var body []byte
	for {
		frame, err := rpcxwire.ReadFrame(r, c.maxMessage, body)
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = errors.New("closed by the server")
			}
			c.fail(fmt.Errorf("%w: %v", ErrUnavailable, err))
			return
		}
		body = frame[:0]
		reply := &rpcxpb.RpcxReply{}
		if err := proto.Unmarshal(frame, reply); err != nil {
			c.fail(fmt.Errorf("%w: reply does not parse: %v", ErrUnavailable, err))
			return
		}
		c.mu.Lock()
		call := c.inFlight[reply.Id]
		delete(c.inFlight, reply.Id)
		c.mu.Unlock()
		if call == nil {
			c.fail(fmt.Errorf("%w: reply to id %d, which is not in flight", ErrUnavailable, reply.Id))
			return
		}
		call.reply = reply
		call.done <- struct{}{}
	}
}

// fail closes the connection once and fails every call in flight with err.
func (c *Conn) fail(err error) {
	c.mu.Lock()
	if c.failure != nil {
		c.mu.Unlock()
		return
	}
	c.failure = err
	close(c.lost)
	pending := c.inFlight
	c.inFlight = map[uint64]*Call{}
	c.mu.Unlock()
	_ = c.nc.Close()
	for _, call := range pending {
		call.err = err
		call.done <- struct{}{}
	}
}
