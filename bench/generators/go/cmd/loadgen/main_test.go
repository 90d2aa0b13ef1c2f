package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestBadUsageExitsTwoAndSaysWhy(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"-protocol http", "-protocol must be rpcx or grpc"},
		{"-callers 2 -conns 3", "-conns must not exceed -callers"},
		{"-duration 0s", "-duration must be positive"},
		{"extra", `unexpected argument "extra"`},
	} {
		var out, errs bytes.Buffer
		if code := run(strings.Fields(tc.args), &out, &errs); code != 2 || !strings.Contains(errs.String(), tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", tc.args, code, errs.String(), tc.want)
		}
	}
}

func TestUnreachableTargetExitsTwo(t *testing.T) {
	var out, errs bytes.Buffer
	// Port 1 on loopback: nothing listens there (connection refused).
	if code := run([]string{"-target", "127.0.0.1:1", "-duration", "1s"}, &out, &errs); code != 2 {
		t.Errorf("exit %d, stderr %q", code, errs.String())
	}
}

func TestLimitedByIsTheBusierSideAtNinetyPercent(t *testing.T) {
	for _, tc := range []struct {
		client, server float64
		want           string
	}{
		{0.95, 0.5, "client"}, {0.5, 0.95, "server"}, {0.95, 0.99, "server"}, {0.99, 0.95, "client"},
		{0.89, 0.89, "none"}, {0.95, -1, "client"}, {0.5, -1, "none"},
	} {
		if got := limitedBy(tc.client, tc.server); got != tc.want {
			t.Errorf("client %.2f server %.2f: %s, want %s", tc.client, tc.server, got, tc.want)
		}
	}
}
