package main

import (
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"rpcxbench/loadgen/internal/load"
)

// saturated is the share of its cores at which a side counts as the limit (the harness's
// LimitedBy uses the same 90 %).
const saturated = 0.9

// report prints one "key: value" a line: the settings first, then the window's figures.
func report(w io.Writer, s Settings, library string, r load.Result, cpu windowCPU) {
	wall := r.Elapsed.Seconds()
	fmt.Fprintf(w, "generator: loadgen (%s, %s, GOMAXPROCS %d)\n", library, goVersion(), runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "protocol: %s\ntarget: %s\ncallers: %d\nconnections: %d\nwarmup_s: %g\nmeasured_s: %.3f\n",
		s.Protocol, s.Target, s.Callers, s.Conns, s.Warmup.Seconds(), wall)
	fmt.Fprintf(w, "calls: %d\nerrors: %d\ncalls_per_s: %.1f\n", r.Calls, r.Errors, r.CallsPerSecond())
	if r.FirstError != nil {
		fmt.Fprintf(w, "first_error: %v\n", r.FirstError)
	}
	if r.StoppedEarly > 0 {
		fmt.Fprintf(w, "callers_stopped_early: %d (connection lost)\n", r.StoppedEarly)
	}
	h := r.Latency
	fmt.Fprintf(w, "latency_us: p50 %d p90 %d p99 %d p99.9 %d max %d mean %.1f\n",
		h.ValueAtQuantile(50), h.ValueAtQuantile(90), h.ValueAtQuantile(99),
		h.ValueAtQuantile(99.9), h.Max(), h.Mean())
	client := share(cpu.self, r.Elapsed, cpu.selfCores)
	fmt.Fprintf(w, "client_cpu_cores: %.2f (of %d)\n", client*float64(cpu.selfCores), cpu.selfCores)
	server := -1.0
	switch {
	case s.ServerPID <= 0:
		fmt.Fprintln(w, "server_cpu_cores: - (no -server-pid)")
	case cpu.serverErr != nil:
		fmt.Fprintf(w, "server_cpu_cores: - (%v)\n", cpu.serverErr)
	default:
		server = share(cpu.server, r.Elapsed, cpu.srvCore)
		fmt.Fprintf(w, "server_cpu_cores: %.2f (of %d)\n", server*float64(cpu.srvCore), cpu.srvCore)
	}
	fmt.Fprintf(w, "limited_by: %s\n", limitedBy(client, server))
}

func share(cpu, wall time.Duration, cores int) float64 {
	return cpu.Seconds() / wall.Seconds() / float64(max(cores, 1))
}

// limitedBy: the busier side of those at >= 90 % of their cores, else none (server < 0: not measured).
func limitedBy(client, server float64) string {
	switch {
	case client >= saturated && client >= server:
		return "client"
	case server >= saturated:
		return "server"
	default:
		return "none"
	}
}

func writeHistogram(path string, r load.Result) error {
	encoded, err := r.Latency.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(base64.StdEncoding.EncodeToString(encoded)+"\n"), 0o644)
}
