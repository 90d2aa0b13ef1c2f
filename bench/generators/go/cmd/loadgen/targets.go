package main

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"

	"rpcxbench/loadgen/internal/benchpb"
	"rpcxbench/loadgen/internal/load"
	"rpcxbench/loadgen/internal/rpcxclient"
	"rpcxbench/loadgen/internal/rpcxpb"
	"rpcxbench/loadgen/internal/rpcxwire"
)

// rpcxTarget: hello over the lean RPCX client, callers multiplexed over the connections.
type rpcxTarget struct {
	conns []*rpcxclient.Conn
	name  string
	want  string
}

func dialRpcx(s Settings) (target, error) {
	t := &rpcxTarget{name: s.Name, want: "hello, " + s.Name}
	for i := 0; i < s.Conns; i++ {
		c, err := rpcxclient.Dial(s.Target, s.MaxFrame)
		if err != nil {
			t.close()
			return nil, err
		}
		t.conns = append(t.conns, c)
	}
	// One call before the run: a server that answers something else is bad usage, not load.
	if err := t.newCall(0)(); err != nil {
		t.close()
		return nil, err
	}
	return t, nil
}

func (t *rpcxTarget) newCall(caller int) load.CallFunc {
	conn := t.conns[caller%len(t.conns)]
	slot := conn.NewCall()
	parameter := rpcxwire.StringParameter(t.name)
	return func() error {
		reply, err := conn.Do(slot, "bench", "hello", parameter)
		if err != nil {
			return err
		}
		if reply.Status != rpcxpb.StatusCode_OK {
			return fmt.Errorf("rpcx: %v: %s", reply.Status, reply.Message)
		}
		if got := reply.GetResult().GetStringValue(); got != t.want {
			return fmt.Errorf("rpcx: hello returned %q, want %q", got, t.want)
		}
		return nil
	}
}

func (t *rpcxTarget) fatal(err error) bool { return errors.Is(err, rpcxclient.ErrUnavailable) }

func (t *rpcxTarget) library() string { return "rpcxclient (this module, from docs/wire-format.md)" }

func (t *rpcxTarget) close() {
	for _, c := range t.conns {
		_ = c.Close()
	}
}

// grpcTarget: hello over grpc-go's generated blocking stub, callers spread over the connections
// (one ClientConn each: grpc-go multiplexes its calls as HTTP/2 streams on one connection).
type grpcTarget struct {
	conns   []*grpc.ClientConn
	clients []benchpb.BenchClient
	request *benchpb.HelloRequest
	want    string
}

func dialGrpc(s Settings) (target, error) {
	t := &grpcTarget{request: &benchpb.HelloRequest{Name: proto.String(s.Name)}, want: "hello, " + s.Name}
	for i := 0; i < s.Conns; i++ {
		cc, err := grpc.NewClient(s.Target, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(s.MaxFrame)))
		if err != nil {
			t.close()
			return nil, err
		}
		t.conns = append(t.conns, cc)
		t.clients = append(t.clients, benchpb.NewBenchClient(cc))
	}
	if err := t.newCall(0)(); err != nil {
		t.close()
		return nil, err
	}
	return t, nil
}

func (t *grpcTarget) newCall(caller int) load.CallFunc {
	client := t.clients[caller%len(t.clients)]
	ctx := context.Background()
	return func() error {
		reply, err := client.Hello(ctx, t.request)
		if err != nil {
			return err
		}
		if reply.GetMessage() != t.want {
			return fmt.Errorf("grpc: hello returned %q, want %q", reply.GetMessage(), t.want)
		}
		return nil
	}
}

// fatal: grpc-go reconnects by itself, so no error stops a caller.
func (t *grpcTarget) fatal(error) bool { return false }

func (t *grpcTarget) library() string { return "google.golang.org/grpc " + grpc.Version }

func (t *grpcTarget) close() {
	for _, cc := range t.conns {
		_ = cc.Close()
	}
}
