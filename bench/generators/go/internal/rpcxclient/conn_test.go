package rpcxclient

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"rpcxbench/loadgen/internal/rpcxpb"
	"rpcxbench/loadgen/internal/rpcxwire"
)

// fakeServer accepts one connection, reads `batch` requests, then answers them in reverse
// order ("hello, " + name): the doc lets replies come back in any order.
func fakeServer(t *testing.T, batch int) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		defer nc.Close()
		r := bufio.NewReader(nc)
		for {
			var requests []*rpcxpb.RpcxRequest
			for len(requests) < batch {
				body, err := rpcxwire.ReadFrame(r, rpcxwire.DefaultMaxMessage, nil)
				if err != nil {
					return
				}
				req := &rpcxpb.RpcxRequest{}
				if err := proto.Unmarshal(body, req); err != nil {
					return
				}
				requests = append(requests, req)
			}
			var out []byte
			for i := len(requests) - 1; i >= 0; i-- {
				name := requests[i].GetParameters()[0].GetStringValue()
				out, _ = rpcxwire.AppendFrame(out, &rpcxpb.RpcxReply{
					Id: requests[i].Id, Result: rpcxwire.StringParameter("hello, " + name)})
			}
			if _, err := nc.Write(out); err != nil {
				return
			}
		}
	}()
	return ln.Addr().String()
}

func TestRepliesOutOfOrderReachTheirCallers(t *testing.T) {
	const callers, rounds = 8, 50
	conn, err := Dial(fakeServer(t, callers), rpcxwire.DefaultMaxMessage)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var wg sync.WaitGroup
	errs := make(chan error, callers)
	for i := 0; i < callers; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			call := conn.NewCall()
			for round := 0; round < rounds; round++ {
				name := fmt.Sprintf("caller-%d-%d", i, round)
				reply, err := conn.Do(call, "bench", "hello", rpcxwire.StringParameter(name))
				if err != nil {
					errs <- err
					return
				}
				if got := reply.GetResult().GetStringValue(); got != "hello, "+name {
					errs <- fmt.Errorf("caller %d got %q", i, got)
					return
				}
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestLostConnectionFailsCallsInFlightAndLater(t *testing.T) {
	// batch 2 with one caller: the server never answers, then the test closes it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		nc, err := ln.Accept()
		if err == nil {
			accepted <- nc
		}
	}()
	conn, err := Dial(ln.Addr().String(), rpcxwire.DefaultMaxMessage)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := conn.Do(conn.NewCall(), "bench", "hello", rpcxwire.StringParameter("x"))
		done <- err
	}()
	server := <-accepted
	time.Sleep(50 * time.Millisecond) // the call is in flight
	_ = server.Close()
	select {
	case err := <-done:
		if !errors.Is(err, ErrUnavailable) {
			t.Errorf("call in flight: %v, want ErrUnavailable", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the call in flight was not failed when the connection closed")
	}
	if _, err := conn.Do(conn.NewCall(), "bench", "hello"); !errors.Is(err, ErrUnavailable) {
		t.Errorf("call after the loss: %v, want ErrUnavailable", err)
	}
}

// The real server: server-rpcx.jar, when it is built and java is on the PATH (else skipped).
func TestHelloAgainstServerRpcxJar(t *testing.T) {
	jar := filepath.FromSlash("../../../../../server-rpcx/target/server-rpcx.jar")
	if _, err := os.Stat(jar); err != nil {
		t.Skip("server-rpcx/target/server-rpcx.jar not built (mvn -B -q -pl server-rpcx -am package -DskipTests)")
	}
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("no java on the PATH")
	}
	address := startServer(t, java, jar)
	conn, err := Dial(address, rpcxwire.DefaultMaxMessage)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	call := conn.NewCall()
	reply, err := conn.Do(call, "bench", "hello", rpcxwire.StringParameter("world"))
	if err != nil || reply.Status != rpcxpb.StatusCode_OK || reply.GetResult().GetStringValue() != "hello, world" {
		t.Fatalf("hello(world): %v, %v", reply, err)
	}
	reply, err = conn.Do(call, "x", "hello", rpcxwire.StringParameter("world"))
	if err != nil || reply.Status != rpcxpb.StatusCode_NOT_FOUND || reply.Message != "unknown service 'x'" {
		t.Errorf("unknown service: %v, %v", reply, err)
	}
	reply, err = conn.Do(call, "bench", "hello")
	if err != nil || reply.Status != rpcxpb.StatusCode_INVALID_ARGUMENT {
		t.Errorf("hello(): %v, %v", reply, err)
	}
}

var readyLine = regexp.MustCompile(`listening on (\S+:\d+)`)

func startServer(t *testing.T, java, jar string) string {
	t.Helper()
	cmd := exec.Command(java, "-jar", jar, "--bind", "127.0.0.1", "--port", "0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			if m := readyLine.FindStringSubmatch(scanner.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		for scanner.Scan() { // keep draining so the server never blocks on its output
		}
	}()
	select {
	case address := <-found:
		return address
	case <-time.After(60 * time.Second):
		t.Fatal("server-rpcx.jar printed no ready line in 60 s")
		return ""
	}
}
